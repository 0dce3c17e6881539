/*
 * test_jit_dump_ir.c: KNOB_DUMP_SHADER_IR (jitter/jit_llvm.c, dump_ir).
 *
 * With the knob on, compiling a shader with the LLVM executor writes into
 * KNOB_DEBUG_OUTPUT_DIR (created when missing, nested) exactly three files
 * of one base name: <name>.tgsi, <name>_built.ll and <name>_optimized.ll.
 * The oracles are independent of the writer: the TGSI file must parse with
 * our parser into a program equal to the one compiled, and each .ll must be
 * read back by LLVM's own IR parser, verify, and define the function
 * <name>. With the knob off nothing is written; with a directory that
 * cannot be created the shader still compiles and runs (a warning only).
 * Single-threaded; the knobs are set with knob_set.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "jitter/jit.h"
#include "tgsi/tgsi.h"
#include "knobs/knobs.h"

static const char *const shader_a = "FRAG\n"
                                    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                    "DCL OUT[0], COLOR\n"
                                    "DCL TEMP[0]\n"
                                    "IMM[0] FLT32 { 0.5000, 2.0000, 0.0000, 1.0000 }\n"
                                    "  0: MUL TEMP[0], IN[0], IMM[0].xxxx\n"
                                    "  1: MAD OUT[0], TEMP[0], IMM[0].yyyy, IMM[0].zzzw\n"
                                    "  2: END\n";

static const char *const shader_b = "FRAG\n"
                                    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                    "DCL OUT[0], COLOR\n"
                                    "  0: ADD OUT[0], IN[0], IN[0]\n"
                                    "  1: END\n";

static const char *const shader_c = "FRAG\n"
                                    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                    "DCL OUT[0], COLOR\n"
                                    "  0: MOV OUT[0], -IN[0]\n"
                                    "  1: END\n";

static char root[256];

static int setup(void **st)
{
    (void)st;
    snprintf(root, sizeof root, "/tmp/swr_test_dump_ir_XXXXXX");
    return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **st)
{
    (void)st;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

static jit_shader *compile_llvm(const char *text, tgsi_program **prog_out)
{
    tgsi_program *prog = NULL;
    tgsi_error err;
    assert_true(tgsi_parse(text, strlen(text), &prog, &err));
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = JIT_EXECUTOR_LLVM;
    jit_shader *sh = jit_shader_compile(prog, &key, &err);
    assert_non_null(sh);
    if (prog_out)
        *prog_out = prog;
    else
        tgsi_program_free(prog);
    return sh;
}

/* Names of the regular files in dir, sorted; returns the count. */
static int list_dir(const char *dir, char names[][128], int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        assert_true(n < max);
        assert_true(strlen(e->d_name) < 128);
        memcpy(names[n++], e->d_name, strlen(e->d_name) + 1);
    }
    closedir(d);
    qsort(names, (size_t)n, 128, (int (*)(const void *, const void *))strcmp);
    return n;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* The .ll at path parses with LLVM, verifies and defines function `fn`. */
static void check_ll(const char *path, const char *fn)
{
    LLVMContextRef c = LLVMContextCreate();
    LLVMMemoryBufferRef mb = NULL;
    char *msg = NULL;
    assert_int_equal(LLVMCreateMemoryBufferWithContentsOfFile(path, &mb, &msg), 0);
    LLVMModuleRef m = NULL;
    if (LLVMParseIRInContext(c, mb, &m, &msg)) { /* takes mb */
        fail_msg("%s does not parse: %s", path, msg ? msg : "?");
    }
    assert_int_equal(LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), 0);
    LLVMDisposeMessage(msg);
    LLVMValueRef f = LLVMGetNamedFunction(m, fn);
    assert_non_null(f);
    assert_false(LLVMIsDeclaration(f));
    LLVMDisposeModule(m);
    LLVMContextDispose(c);
}

static void t_dump_writes_three_readable_files(void **st)
{
    (void)st;
    char dir[320];
    snprintf(dir, sizeof dir, "%s/nested/out", root); /* does not exist yet */
    assert_true(knob_set("DEBUG_OUTPUT_DIR", dir));
    assert_true(knob_set("DUMP_SHADER_IR", "1"));
    tgsi_program *prog = NULL;
    jit_shader *sh = compile_llvm(shader_a, &prog);
    assert_non_null(jit_shader_ps_func(sh));

    char names[8][128];
    int n = list_dir(dir, names, 8);
    assert_int_equal(n, 3);
    /* Sorted: <name>.tgsi, <name>_built.ll, <name>_optimized.ll. */
    const char *dot = strrchr(names[0], '.');
    assert_non_null(dot);
    assert_string_equal(dot, ".tgsi");
    char base[128];
    snprintf(base, sizeof base, "%.*s", (int)(dot - names[0]), names[0]);
    assert_true(strlen(base) > 0);
    char want[160];
    snprintf(want, sizeof want, "%s_built.ll", base);
    assert_string_equal(names[1], want);
    snprintf(want, sizeof want, "%s_optimized.ll", base);
    assert_string_equal(names[2], want);

    /* The TGSI file is the compiled program. */
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, names[0]);
    size_t len;
    char *text = read_file(path, &len);
    tgsi_program *back = NULL;
    tgsi_error err;
    assert_true(tgsi_parse(text, len, &back, &err));
    assert_true(tgsi_program_equal(prog, back));
    tgsi_program_free(back);
    free(text);

    for (int i = 1; i <= 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        check_ll(path, base);
    }
    tgsi_program_free(prog);
    jit_shader_unref(sh);

    /* Knob off: a further compile writes nothing. */
    assert_true(knob_set("DUMP_SHADER_IR", "0"));
    sh = compile_llvm(shader_b, NULL);
    assert_int_equal(list_dir(dir, names, 8), 3);
    jit_shader_unref(sh);
}

static void t_unwritable_dir_still_compiles(void **st)
{
    (void)st;
    /* A directory below a regular file cannot be created. */
    char file[300], dir[320];
    snprintf(file, sizeof file, "%s/plain_file", root);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(dir, sizeof dir, "%s/sub", file);
    assert_true(knob_set("DEBUG_OUTPUT_DIR", dir));
    assert_true(knob_set("DUMP_SHADER_IR", "1"));
    jit_shader *sh = compile_llvm(shader_c, NULL);
    swr_ps_func ps = jit_shader_ps_func(sh);
    assert_non_null(ps);
    struct stat sb;
    assert_int_equal(stat(file, &sb), 0);
    assert_true(S_ISREG(sb.st_mode));
    jit_shader_unref(sh);
    assert_true(knob_set("DUMP_SHADER_IR", "0"));
}

int main(void)
{
    knob_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_dump_writes_three_readable_files),
        cmocka_unit_test(t_unwritable_dir_still_compiles),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
