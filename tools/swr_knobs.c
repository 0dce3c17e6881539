/*
 * swr_knobs: prints every swr knob with its type, its value as the current
 * environment sets it, its default and its description, e.g.
 *     KNOB_MAX_WORKER_THREADS=3 swr_knobs
 * Warnings about unparsable values or unknown KNOB_* variables go to stderr,
 * exactly as a program using swr would print them.
 */
#include "knobs/knobs.h"

int main(void)
{
    knob_init();
    knob_print(stdout);
    return 0;
}
