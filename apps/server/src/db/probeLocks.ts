/**
 * First key of the two-key advisory lock over all probes (PostgreSQL). An ingest commit that locks its
 * probes takes it shared before their one-key locks (`hashtext` of each serial), or exclusive instead
 * of them when it names more probes than it locks one by one; the packing job takes it shared before a
 * probe's lock, so neither kind of commit packs or writes a day beside the other (decision 0148).
 */
export const ALL_PROBES_LOCK_SPACE = 7_311;
