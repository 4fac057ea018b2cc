// The C maths library (sin, cos, atan2, exp…) and nothing else: the library modules import this,
// not all of Glibc, so no clock or file API is reachable below the app.
#include <math.h>
