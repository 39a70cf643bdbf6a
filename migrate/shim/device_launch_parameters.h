/* Part of the declaration shim; everything is in migrate_shim.h. */
#include "migrate_shim.h"
