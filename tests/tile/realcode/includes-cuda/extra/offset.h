// Found through the CMakeLists.txt's INCLUDE_DIRS.
#pragma once

#define OFFSET 1.0f
