// The quality feature's public surface: the storage detail's hay-quality mode (spec doc 3 §2 mode 4).
export { StorageQualityView } from './StorageQualityView';
