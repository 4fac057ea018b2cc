// The one C header Kinetic imports: SDL2, SDL2_ttf and SDL2_image, plus re-exports of macros
// that Swift does not import (function-like or composite macros).
#ifndef KINETIC_CSDL2_SHIM_H
#define KINETIC_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

static const int KINETIC_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;

static inline int kinetic_SaveBMP(SDL_Surface *surface, const char *file) {
    return SDL_SaveBMP(surface, file);
}
static inline int kinetic_MUSTLOCK(SDL_Surface *surface) { return SDL_MUSTLOCK(surface); }

#include <sys/prctl.h>
/// prctl is variadic, which Swift does not import: the calling thread's timer slack, nanoseconds
/// (Linux's default of 50 µs lets a frame limiter's sleep end that late).
static inline int kinetic_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}
#endif
