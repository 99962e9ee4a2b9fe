// The diagnostics feature's pages are loaded lazily by the shell from their own files; it exports nothing else.
export {};
