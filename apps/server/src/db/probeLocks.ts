/**
 * First key of the two-key advisory lock over all probes (PostgreSQL). An ingest commit that locks its
 * probes takes it shared before their one-key locks (`hashtext` of each serial), or exclusive instead
 * of them when it names more probes than it locks one by one; the packing job takes it shared before a
 * probe's lock, so neither kind of commit packs or writes a day beside the other (decision 0148).
 */
export const ALL_PROBES_LOCK_SPACE = 7_311;

/**
 * First key of the two-key advisory locks of UTC days (PostgreSQL; the second key is the day's number,
 * seconds / 86,400). An ingest commit whose probes the directory settles and which carries readings old
 * enough to be packed takes its days' locks shared instead of its probes' locks; the packing job takes
 * every day of a step's span exclusive after the probe's lock, so no day is packed beside a commit that
 * writes into it (decision 0149).
 */
export const DAY_LOCK_SPACE = 7_315;
