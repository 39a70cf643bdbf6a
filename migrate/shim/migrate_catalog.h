/* Replaced in memory, at parse time, by declarations generated from the catalog (the tables in rules/maps) for every
 * catalogued name that migrate_shim.h does not declare. Empty on disk so the shim parses on its own. */
