/*
 * fuzz_tgsi_parse.c: libFuzzer target for the TGSI text parser.
 *
 * Any byte string goes to tgsi_parse() as exactly that many bytes (libFuzzer
 * hands us a buffer of exactly `size` bytes, so ASan catches any read past
 * the end). A failure must carry a message and a line; a success must print
 * (tgsi_print), the print must parse back to an equal program, and printing
 * that program must give the very same text (the printer is a fixpoint).
 * Anything else aborts, which libFuzzer reports as a crash with the input.
 *
 * Built only with clang (tests/fuzz/fuzz.cmake); run e.g.
 *   ./fuzz_tgsi_parse -max_total_time=30 new_units/ ../shared/corpus/tgsi
 * (libFuzzer writes new inputs into the first directory only).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tgsi_program *p = NULL, *q = NULL;
    tgsi_error err;
    if (!tgsi_parse((const char *)data, size, &p, &err)) {
        if (p || !err.message[0] || err.line == 0)
            abort();
        return 0;
    }
    if (!p)
        abort();
    char *text = tgsi_print(p);
    if (!text)
        abort();
    if (!tgsi_parse(text, strlen(text), &q, &err)) {
        fprintf(stderr, "printed text does not parse: line %u, column %u: %s\n%s\n", err.line,
                err.column, err.message, text);
        abort();
    }
    if (!tgsi_program_equal(p, q)) {
        fprintf(stderr, "parse(print(p)) != p:\n%s\n", text);
        abort();
    }
    char *again = tgsi_print(q);
    if (!again || strcmp(text, again) != 0) {
        fprintf(stderr, "print is not a fixpoint:\n%s\n---\n%s\n", text, again ? again : "");
        abort();
    }
    free(again);
    free(text);
    tgsi_program_free(q);
    tgsi_program_free(p);
    return 0;
}
