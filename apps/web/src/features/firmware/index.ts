// The firmware feature's public surface: the OTA block of the base-station settings (admins). Its
// /firmware page is loaded lazily by the shell from its own file.
export { OtaBlock } from './OtaBlock';
