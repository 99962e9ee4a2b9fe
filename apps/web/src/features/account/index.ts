// The account feature's public surface: nothing other features use yet. Its page is loaded lazily by
// the shell from its own file.
export {};
