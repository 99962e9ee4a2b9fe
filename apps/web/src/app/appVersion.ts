/** The version label under the side menu (spec doc 1 §2 "Side menu entries"). */
export const APP_VERSION = '2025.10.24';
