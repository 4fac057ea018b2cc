// Header-only module: see include/CMath.h.
#include "CMath.h"
