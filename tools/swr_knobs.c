/*
 * swr_knobs: prints every swr knob with its type, its value as the current
 * environment sets it, its default and its description, e.g.
 *     KNOB_MAX_WORKER_THREADS=3 swr_knobs
 * Warnings about unparsable values or unknown KNOB_* variables go to stderr,
 * exactly as a program using swr would print them.
 *
 * Arguments: none lists the knobs; --help prints the usage on stdout (exit
 * 0), --version the swr version; anything else prints the usage on stderr
 * and exits 2. No threads, no state beyond the knob table.
 */
#include <stdio.h>
#include <string.h>

#include "knobs/knobs.h"
#include "swr_version.h"

static int usage(FILE *to, int status)
{
    fprintf(to, "usage: swr_knobs [--help | --version]\n"
                "  Lists every swr knob: name, type, value (from the KNOB_<NAME>\n"
                "  environment variables), default and meaning.\n");
    return status;
}

int main(int argc, char **argv)
{
    if (argc > 2)
        return usage(stderr, 2);
    if (argc == 2) {
        if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
            return usage(stdout, 0);
        if (!strcmp(argv[1], "--version")) {
            printf("swr_knobs (swr) %s\n", SWR_VERSION_STRING);
            return 0;
        }
        return usage(stderr, 2);
    }
    knob_init();
    knob_print(stdout);
    return 0;
}
