/*
 * test_gl_program.c: shader and program objects, compile/link status and
 * logs, attribute and uniform reflection, uniform locations (GL 2.1 section
 * 2.15.3 naming rules), uniform set/get of every type and the errors GL 2.1
 * / 3.0 prescribe; the expected values come from the spec text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "gl_test_util.h"
#include "frontend-gallium/gl/context/gl_context.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "tgsi/tgsi.h"

#define EXPECT_ERROR(e)                                                                            \
    do {                                                                                           \
        GLenum got_ = glGetError();                                                                \
        if (got_ != (e))                                                                           \
            fail_msg("line %d: expected %s, got %s", __LINE__, glt_error_name(e),                  \
                     glt_error_name(got_));                                                        \
    } while (0)

static const char *vs_basic = "attribute vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";
static const char *fs_red = "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n";

static GLuint compile(GLenum type, const char *src)
{
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    return s;
}

static GLint shader_i(GLuint s, GLenum pname)
{
    GLint v = -12345;
    glGetShaderiv(s, pname, &v);
    return v;
}

static GLint program_i(GLuint p, GLenum pname)
{
    GLint v = -12345;
    glGetProgramiv(p, pname, &v);
    return v;
}

/* ---- objects ---------------------------------------------------------------------------------- */

static void test_object_life(void **state)
{
    (void)state;
    EXPECT_ERROR(GL_NO_ERROR);
    assert_int_equal(glCreateShader(GL_TEXTURE_2D), 0);
    EXPECT_ERROR(GL_INVALID_ENUM);

    GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER);
    GLuint p = glCreateProgram();
    assert_true(vs && fs && p && vs != fs && p != vs && p != fs);
    assert_true(glIsShader(vs) && glIsShader(fs) && !glIsShader(p) && glIsProgram(p));
    assert_false(glIsProgram(vs));
    assert_false(glIsShader(0) || glIsProgram(0) || glIsShader(987654));
    assert_int_equal(shader_i(vs, GL_SHADER_TYPE), GL_VERTEX_SHADER);
    assert_int_equal(shader_i(fs, GL_SHADER_TYPE), GL_FRAGMENT_SHADER);
    assert_int_equal(shader_i(vs, GL_COMPILE_STATUS), GL_FALSE);
    assert_int_equal(shader_i(vs, GL_DELETE_STATUS), GL_FALSE);
    assert_int_equal(shader_i(vs, GL_INFO_LOG_LENGTH), 0);
    assert_int_equal(shader_i(vs, GL_SHADER_SOURCE_LENGTH), 0);
    EXPECT_ERROR(GL_NO_ERROR);

    /* Shaders and programs share a name space; the wrong kind is
     * INVALID_OPERATION, an unknown name INVALID_VALUE (section 2.15). */
    GLint v = 77;
    glGetShaderiv(p, GL_SHADER_TYPE, &v);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glGetProgramiv(vs, GL_LINK_STATUS, &v);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glGetShaderiv(987654, GL_SHADER_TYPE, &v);
    EXPECT_ERROR(GL_INVALID_VALUE);
    assert_int_equal(v, 77);
    glGetShaderiv(vs, GL_LINK_STATUS, &v);
    EXPECT_ERROR(GL_INVALID_ENUM);
    glGetProgramiv(p, GL_COMPILE_STATUS, &v);
    EXPECT_ERROR(GL_INVALID_ENUM);
    glAttachShader(p, p);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glAttachShader(vs, fs);
    EXPECT_ERROR(GL_INVALID_OPERATION);

    glAttachShader(p, vs);
    glAttachShader(p, fs);
    EXPECT_ERROR(GL_NO_ERROR);
    glAttachShader(p, vs);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    assert_int_equal(program_i(p, GL_ATTACHED_SHADERS), 2);
    GLuint names[4] = {0};
    GLsizei count = -1;
    glGetAttachedShaders(p, 4, &count, names);
    assert_int_equal(count, 2);
    assert_true((names[0] == vs && names[1] == fs) || (names[0] == fs && names[1] == vs));
    glGetAttachedShaders(p, 1, &count, names);
    assert_int_equal(count, 1);
    glGetAttachedShaders(p, -1, &count, names);
    EXPECT_ERROR(GL_INVALID_VALUE);

    /* Deleting an attached shader only flags it. */
    glDeleteShader(vs);
    EXPECT_ERROR(GL_NO_ERROR);
    assert_true(glIsShader(vs));
    assert_int_equal(shader_i(vs, GL_DELETE_STATUS), GL_TRUE);
    glDetachShader(p, vs);
    EXPECT_ERROR(GL_NO_ERROR);
    assert_false(glIsShader(vs));
    glDetachShader(p, vs);
    EXPECT_ERROR(GL_INVALID_VALUE);
    glDetachShader(p, fs);
    glDetachShader(p, fs);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    assert_int_equal(program_i(p, GL_ATTACHED_SHADERS), 0);

    /* Deleting a program frees its attachments' flagged shaders. */
    glAttachShader(p, fs);
    glDeleteShader(fs);
    glDeleteProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
    assert_false(glIsProgram(p));
    assert_false(glIsShader(fs));
    glDeleteProgram(0);
    glDeleteShader(0);
    EXPECT_ERROR(GL_NO_ERROR);
    glDeleteProgram(p);
    EXPECT_ERROR(GL_INVALID_VALUE);
}

static void test_shader_source(void **state)
{
    (void)state;
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    const char *parts[] = {"void main()", " { gl_FragColor = vec4(0.5); }XXXX", "\n"};
    GLint lengths[] = {-1, 30, 1};
    glShaderSource(s, 3, parts, lengths);
    EXPECT_ERROR(GL_NO_ERROR);
    const char *expect = "void main() { gl_FragColor = vec4(0.5); }\n";
    assert_int_equal(shader_i(s, GL_SHADER_SOURCE_LENGTH), (GLint)strlen(expect) + 1);
    char buf[128];
    GLsizei len = -1;
    glGetShaderSource(s, sizeof buf, &len, buf);
    assert_string_equal(buf, expect);
    assert_int_equal(len, (GLsizei)strlen(expect));
    /* A short buffer gets bufSize - 1 characters and a NUL. */
    glGetShaderSource(s, 5, &len, buf);
    assert_string_equal(buf, "void");
    assert_int_equal(len, 4);
    glGetShaderSource(s, -1, &len, buf);
    EXPECT_ERROR(GL_INVALID_VALUE);
    glShaderSource(s, -1, parts, NULL);
    EXPECT_ERROR(GL_INVALID_VALUE);
    glShaderSource(987654, 1, parts, NULL);
    EXPECT_ERROR(GL_INVALID_VALUE);
    /* The strings were copied: changing the caller's memory changes nothing. */
    char mutable_src[] = "void main() {}";
    const char *m = mutable_src;
    glShaderSource(s, 1, &m, NULL);
    mutable_src[0] = 'X';
    glGetShaderSource(s, sizeof buf, NULL, buf);
    assert_string_equal(buf, "void main() {}");
    glDeleteShader(s);
    EXPECT_ERROR(GL_NO_ERROR);
}

/* ---- compile and link ------------------------------------------------------------------------------ */

static void test_compile_status_and_log(void **state)
{
    (void)state;
    GLuint ok = compile(GL_VERTEX_SHADER, vs_basic);
    assert_int_equal(shader_i(ok, GL_COMPILE_STATUS), GL_TRUE);
    /* An undeclared identifier on line 3. */
    GLuint bad = compile(GL_FRAGMENT_SHADER, "void main()\n{\n  gl_FragColor = nosuch;\n}\n");
    EXPECT_ERROR(GL_NO_ERROR);
    assert_int_equal(shader_i(bad, GL_COMPILE_STATUS), GL_FALSE);
    GLint loglen = shader_i(bad, GL_INFO_LOG_LENGTH);
    assert_true(loglen > 1);
    char log[1024] = "";
    GLsizei len = -1;
    glGetShaderInfoLog(bad, sizeof log, &len, log);
    assert_int_equal(len, loglen - 1);
    assert_int_equal(strlen(log), (size_t)len);
    if (!strstr(log, ":3:"))
        fail_msg("log does not name line 3: %s", log);

    /* A program with a shader that failed to compile does not link. */
    GLuint p = glCreateProgram();
    glAttachShader(p, ok);
    glAttachShader(p, bad);
    glLinkProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
    assert_int_equal(program_i(p, GL_LINK_STATUS), GL_FALSE);
    assert_true(program_i(p, GL_INFO_LOG_LENGTH) > 1);
    glUseProgram(p);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    GLint cur = -1;
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    assert_int_equal(cur, 0);
    /* Queries of an unlinked program. */
    assert_int_equal(program_i(p, GL_ACTIVE_UNIFORMS), 0);
    assert_int_equal(program_i(p, GL_ACTIVE_ATTRIBUTES), 0);
    assert_int_equal(glGetUniformLocation(p, "x"), -1);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    assert_int_equal(glGetAttribLocation(p, "pos"), -1);
    EXPECT_ERROR(GL_INVALID_OPERATION);

    /* Fixing the shader and re-linking succeeds; the log is rewritten. */
    const char *fixed = fs_red;
    glShaderSource(bad, 1, &fixed, NULL);
    glCompileShader(bad);
    assert_int_equal(shader_i(bad, GL_COMPILE_STATUS), GL_TRUE);
    glLinkProgram(p);
    assert_int_equal(program_i(p, GL_LINK_STATUS), GL_TRUE);
    glValidateProgram(p);
    assert_int_equal(program_i(p, GL_VALIDATE_STATUS), GL_TRUE);

    /* Link errors: a varying the vertex shader does not write is fine in
     * GL 2.1 only if unused... a used but undeclared-in-VS varying fails. */
    GLuint fs2 = compile(GL_FRAGMENT_SHADER, "varying vec4 missing;\n"
                                             "void main() { gl_FragColor = missing; }\n");
    assert_int_equal(shader_i(fs2, GL_COMPILE_STATUS), GL_TRUE);
    GLuint p2 = glCreateProgram();
    glAttachShader(p2, ok);
    glAttachShader(p2, fs2);
    glLinkProgram(p2);
    assert_int_equal(program_i(p2, GL_LINK_STATUS), GL_FALSE);
    glGetProgramInfoLog(p2, sizeof log, &len, log);
    assert_true(len > 0);
    glGetProgramInfoLog(p2, -1, &len, log);
    EXPECT_ERROR(GL_INVALID_VALUE);

    /* An unlinked program does not validate. */
    GLuint p3 = glCreateProgram();
    glValidateProgram(p3);
    assert_int_equal(program_i(p3, GL_VALIDATE_STATUS), GL_FALSE);

    glDeleteProgram(p);
    glDeleteProgram(p2);
    glDeleteProgram(p3);
    glDeleteShader(ok);
    glDeleteShader(bad);
    glDeleteShader(fs2);
    EXPECT_ERROR(GL_NO_ERROR);
}

static void test_use_and_delete_current(void **state)
{
    (void)state;
    GLuint p = glt_program(vs_basic, fs_red);
    assert_true(p != 0);
    glUseProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
    GLint cur = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    assert_int_equal(cur, (GLint)p);
    /* Deleting the current program only flags it (section 2.15.2). */
    glDeleteProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
    assert_true(glIsProgram(p));
    assert_int_equal(program_i(p, GL_DELETE_STATUS), GL_TRUE);
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    assert_int_equal(cur, (GLint)p);
    glUseProgram(0);
    EXPECT_ERROR(GL_NO_ERROR);
    assert_false(glIsProgram(p));
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    assert_int_equal(cur, 0);
    glUseProgram(987654);
    EXPECT_ERROR(GL_INVALID_VALUE);
    GLuint s = glCreateShader(GL_VERTEX_SHADER);
    glUseProgram(s);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glDeleteShader(s);
}

/* ---- attributes ------------------------------------------------------------------------------------- */

static void test_attributes(void **state)
{
    (void)state;
    const char *vs = "attribute vec4 pos;\n"
                     "attribute vec2 uv;\n"
                     "attribute mat2 m;\n"
                     "varying vec4 c;\n"
                     "void main() { gl_Position = pos; c = vec4(uv, m[0].x, m[1].y); }\n";
    const char *fs = "varying vec4 c;\nvoid main() { gl_FragColor = c; }\n";
    GLuint p = glCreateProgram();
    GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
    glAttachShader(p, v);
    glAttachShader(p, f);
    glBindAttribLocation(p, 5, "uv");
    glBindAttribLocation(p, 2, "m");
    glBindAttribLocation(p, 0, "gl_Vertex");
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glBindAttribLocation(p, 16, "uv");
    EXPECT_ERROR(GL_INVALID_VALUE);
    glLinkProgram(p);
    assert_int_equal(program_i(p, GL_LINK_STATUS), GL_TRUE);
    assert_int_equal(glGetAttribLocation(p, "uv"), 5);
    assert_int_equal(glGetAttribLocation(p, "m"), 2);
    GLint posloc = glGetAttribLocation(p, "pos");
    assert_true(posloc >= 0 && posloc != 5 && posloc != 2 && posloc != 3);
    assert_int_equal(glGetAttribLocation(p, "nosuch"), -1);
    assert_int_equal(glGetAttribLocation(p, "gl_Vertex"), -1);
    EXPECT_ERROR(GL_NO_ERROR);

    assert_int_equal(program_i(p, GL_ACTIVE_ATTRIBUTES), 3);
    assert_int_equal(program_i(p, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH), 4); /* "pos" + NUL */
    unsigned seen = 0;
    for (GLuint i = 0; i < 3; i++) {
        char name[32];
        GLsizei len = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveAttrib(p, i, sizeof name, &len, &size, &type, name);
        EXPECT_ERROR(GL_NO_ERROR);
        assert_int_equal(size, 1);
        assert_int_equal(len, (GLsizei)strlen(name));
        if (!strcmp(name, "pos") && type == GL_FLOAT_VEC4)
            seen |= 1;
        else if (!strcmp(name, "uv") && type == GL_FLOAT_VEC2)
            seen |= 2;
        else if (!strcmp(name, "m") && type == GL_FLOAT_MAT2)
            seen |= 4;
        else
            fail_msg("unexpected attribute %s type 0x%x", name, type);
    }
    assert_int_equal(seen, 7);
    char name[8];
    glGetActiveAttrib(p, 3, sizeof name, NULL, NULL, NULL, name);
    EXPECT_ERROR(GL_INVALID_VALUE);

    /* A binding made after the link takes effect at the next link only. */
    glBindAttribLocation(p, 7, "uv");
    assert_int_equal(glGetAttribLocation(p, "uv"), 5);
    glLinkProgram(p);
    assert_int_equal(glGetAttribLocation(p, "uv"), 7);
    EXPECT_ERROR(GL_NO_ERROR);
    glDeleteProgram(p);
    glDeleteShader(v);
    glDeleteShader(f);
}

/* ---- uniforms ------------------------------------------------------------------------------------------ */

static const char *vs_uniforms =
    "#version 130\n"
    "in vec4 pos;\n"
    "uniform mat4 m4;\n"
    "uniform mat2x3 m23;\n"
    "void main() { gl_Position = m4 * pos + vec4(m23[1], 0.0); }\n";
static const char *fs_uniforms =
    "#version 130\n"
    "struct S { vec4 a; float b[2]; };\n"
    "uniform float f;\n"
    "uniform vec3 v3;\n"
    "uniform int i;\n"
    "uniform ivec2 i2;\n"
    "uniform uint u;\n"
    "uniform uvec4 u4;\n"
    "uniform bool b;\n"
    "uniform bvec3 b3;\n"
    "uniform float arr[4];\n"
    "uniform mat3 m3;\n"
    "uniform S s;\n"
    "uniform S sa[2];\n"
    "uniform sampler2D tex;\n"
    "uniform sampler2D texs[2];\n"
    "uniform samplerCube cube;\n"
    "void main() {\n"
    "  vec4 c = vec4(f, v3) + vec4(float(i), float(i2.y), float(u), float(u4.w));\n"
    "  if (b || b3.z) c += vec4(1.0);\n"
    "  c += vec4(arr[0] + arr[3], m3[2]) + s.a + vec4(s.b[1]) + sa[1].a + vec4(sa[0].b[0]);\n"
    "  c += texture(tex, c.xy) + texture(texs[1], c.xy) + texture(cube, c.xyz);\n"
    "  gl_FragColor = c;\n"
    "}\n";

static GLuint uniform_program(void)
{
    GLuint p = glt_program(vs_uniforms, fs_uniforms);
    assert_true(p != 0);
    return p;
}

typedef struct expect_uniform {
    const char *name;
    GLenum type;
    GLint size;
} expect_uniform;

static void test_uniform_reflection(void **state)
{
    (void)state;
    GLuint p = uniform_program();
    static const expect_uniform expect[] = {
        {"m4", GL_FLOAT_MAT4, 1},     {"m23", GL_FLOAT_MAT2x3, 1}, {"f", GL_FLOAT, 1},
        {"v3", GL_FLOAT_VEC3, 1},     {"i", GL_INT, 1},            {"i2", GL_INT_VEC2, 1},
        {"u", GL_UNSIGNED_INT, 1},    {"u4", GL_UNSIGNED_INT_VEC4, 1}, {"b", GL_BOOL, 1},
        {"b3", GL_BOOL_VEC3, 1},      {"arr[0]", GL_FLOAT, 4},     {"m3", GL_FLOAT_MAT3, 1},
        {"s.a", GL_FLOAT_VEC4, 1},    {"s.b[0]", GL_FLOAT, 2},     {"sa[1].a", GL_FLOAT_VEC4, 1},
        {"sa[0].b[0]", GL_FLOAT, 2},  {"tex", GL_SAMPLER_2D, 1},   {"texs[0]", GL_SAMPLER_2D, 2},
        {"cube", GL_SAMPLER_CUBE, 1},
    };
    const unsigned n_expect = sizeof expect / sizeof expect[0];
    GLint n = program_i(p, GL_ACTIVE_UNIFORMS);
    GLint maxlen = program_i(p, GL_ACTIVE_UNIFORM_MAX_LENGTH);
    assert_true(n >= (GLint)n_expect);
    unsigned found[32] = {0};
    GLint longest = 0;
    for (GLint k = 0; k < n; k++) {
        char name[64];
        GLsizei len = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(p, (GLuint)k, sizeof name, &len, &size, &type, name);
        EXPECT_ERROR(GL_NO_ERROR);
        assert_int_equal(len, (GLsizei)strlen(name));
        if (len + 1 > longest)
            longest = len + 1;
        unsigned j = 0;
        while (j < n_expect && strcmp(expect[j].name, name))
            j++;
        if (j == n_expect) {
            /* Only inactive members of used structs may appear besides. */
            if (strncmp(name, "s", 1) && strncmp(name, "sa[", 3))
                fail_msg("unexpected active uniform %s", name);
            continue;
        }
        if (type != expect[j].type || size != expect[j].size)
            fail_msg("%s: type 0x%x size %d, expected 0x%x %d", name, type, size, expect[j].type,
                     expect[j].size);
        found[j]++;
    }
    for (unsigned j = 0; j < n_expect; j++)
        if (found[j] != 1)
            fail_msg("uniform %s reported %u times", expect[j].name, found[j]);
    assert_int_equal(maxlen, longest);
    char name[4];
    glGetActiveUniform(p, (GLuint)n, sizeof name, NULL, NULL, NULL, name);
    EXPECT_ERROR(GL_INVALID_VALUE);

    /* Locations: "a" and "a[0]" are the same, "a[k]" valid below the size. */
    GLint a = glGetUniformLocation(p, "arr"), a0 = glGetUniformLocation(p, "arr[0]");
    GLint a3 = glGetUniformLocation(p, "arr[3]");
    assert_true(a >= 0 && a == a0 && a3 >= 0 && a3 != a0);
    assert_int_equal(glGetUniformLocation(p, "arr[4]"), -1);
    assert_int_equal(glGetUniformLocation(p, "arr[-1]"), -1);
    assert_int_equal(glGetUniformLocation(p, "arr["), -1);
    assert_int_equal(glGetUniformLocation(p, "f[0]"), glGetUniformLocation(p, "f")); /* as Mesa */
    assert_int_equal(glGetUniformLocation(p, "f[1]"), -1);
    assert_int_equal(glGetUniformLocation(p, "arr[01]"), -1);
    assert_int_equal(glGetUniformLocation(p, "arr[ 1]"), -1);
    assert_true(glGetUniformLocation(p, "s.a") >= 0);
    assert_true(glGetUniformLocation(p, "s.b") >= 0);
    assert_true(glGetUniformLocation(p, "s.b[1]") >= 0);
    assert_int_equal(glGetUniformLocation(p, "s.b[2]"), -1);
    assert_true(glGetUniformLocation(p, "sa[1].a") >= 0);
    assert_int_equal(glGetUniformLocation(p, "sa[2].a"), -1);
    assert_int_equal(glGetUniformLocation(p, "s"), -1);
    assert_true(glGetUniformLocation(p, "texs[1]") >= 0);
    assert_int_equal(glGetUniformLocation(p, "nosuch"), -1);
    assert_int_equal(glGetUniformLocation(p, "gl_ModelViewMatrix"), -1);
    EXPECT_ERROR(GL_NO_ERROR);
    glGetUniformLocation(987654, "f");
    EXPECT_ERROR(GL_INVALID_VALUE);
    glDeleteProgram(p);
}

static void test_uniform_round_trips(void **state)
{
    (void)state;
    GLuint p = uniform_program();
    glUseProgram(p);
    GLfloat fv[16];
    GLint iv[16];
    GLuint uv[16];

    glUniform1f(glGetUniformLocation(p, "f"), 2.5f);
    glGetUniformfv(p, glGetUniformLocation(p, "f"), fv);
    assert_true(fv[0] == 2.5f);
    glGetUniformiv(p, glGetUniformLocation(p, "f"), iv);
    assert_int_equal(iv[0], 3); /* float -> int rounds */

    glUniform3f(glGetUniformLocation(p, "v3"), 1.0f, -2.0f, 0.25f);
    glGetUniformfv(p, glGetUniformLocation(p, "v3"), fv);
    assert_true(fv[0] == 1.0f && fv[1] == -2.0f && fv[2] == 0.25f);

    glUniform1i(glGetUniformLocation(p, "i"), -7);
    glGetUniformiv(p, glGetUniformLocation(p, "i"), iv);
    assert_int_equal(iv[0], -7);
    glGetUniformfv(p, glGetUniformLocation(p, "i"), fv);
    assert_true(fv[0] == -7.0f);
    GLint i2[2] = {11, -12};
    glUniform2iv(glGetUniformLocation(p, "i2"), 1, i2);
    glGetUniformiv(p, glGetUniformLocation(p, "i2"), iv);
    assert_true(iv[0] == 11 && iv[1] == -12);

    glUniform1ui(glGetUniformLocation(p, "u"), 4000000000u);
    glGetUniformuiv(p, glGetUniformLocation(p, "u"), uv);
    assert_true(uv[0] == 4000000000u);
    glUniform4ui(glGetUniformLocation(p, "u4"), 1, 2, 3, 4);
    glGetUniformuiv(p, glGetUniformLocation(p, "u4"), uv);
    assert_true(uv[0] == 1 && uv[1] == 2 && uv[2] == 3 && uv[3] == 4);

    /* Bools take f, i and ui variants; they read back as 0/1. */
    glUniform1f(glGetUniformLocation(p, "b"), 0.5f);
    glGetUniformiv(p, glGetUniformLocation(p, "b"), iv);
    assert_int_equal(iv[0], 1);
    glUniform1i(glGetUniformLocation(p, "b"), 0);
    glGetUniformfv(p, glGetUniformLocation(p, "b"), fv);
    assert_true(fv[0] == 0.0f);
    glUniform3i(glGetUniformLocation(p, "b3"), 0, 5, -1);
    glGetUniformiv(p, glGetUniformLocation(p, "b3"), iv);
    assert_true(iv[0] == 0 && iv[1] == 1 && iv[2] == 1);
    glUniform3ui(glGetUniformLocation(p, "b3"), 1, 0, 0);
    glGetUniformuiv(p, glGetUniformLocation(p, "b3"), uv);
    assert_true(uv[0] == 1 && uv[1] == 0 && uv[2] == 0);
    EXPECT_ERROR(GL_NO_ERROR);

    /* Arrays: a count starting at element 1, the excess ignored. */
    GLfloat arr[5] = {10, 20, 30, 40, 50};
    glUniform1fv(glGetUniformLocation(p, "arr[1]"), 5, arr);
    EXPECT_ERROR(GL_NO_ERROR);
    for (int k = 0; k < 4; k++) {
        char nm[16];
        snprintf(nm, sizeof nm, "arr[%d]", k);
        glGetUniformfv(p, glGetUniformLocation(p, nm), fv);
        assert_true(fv[0] == (k == 0 ? 0.0f : arr[k - 1]));
    }

    /* Matrices: column-major, with and without transpose. */
    GLfloat m3[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    glUniformMatrix3fv(glGetUniformLocation(p, "m3"), 1, GL_FALSE, m3);
    glGetUniformfv(p, glGetUniformLocation(p, "m3"), fv);
    for (int k = 0; k < 9; k++)
        assert_true(fv[k] == m3[k]);
    glUniformMatrix3fv(glGetUniformLocation(p, "m3"), 1, GL_TRUE, m3);
    glGetUniformfv(p, glGetUniformLocation(p, "m3"), fv);
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++)
            assert_true(fv[c * 3 + r] == m3[r * 3 + c]);
    /* mat2x3: 2 columns of 3; transposed input is 3 rows of 2. */
    GLfloat m23[6] = {1, 2, 3, 4, 5, 6};
    glUniformMatrix2x3fv(glGetUniformLocation(p, "m23"), 1, GL_TRUE, m23);
    glGetUniformfv(p, glGetUniformLocation(p, "m23"), fv);
    for (int c = 0; c < 2; c++)
        for (int r = 0; r < 3; r++)
            assert_true(fv[c * 3 + r] == m23[r * 2 + c]);
    GLfloat m4[16];
    for (int k = 0; k < 16; k++)
        m4[k] = (GLfloat)k * 0.5f;
    glUniformMatrix4fv(glGetUniformLocation(p, "m4"), 1, GL_FALSE, m4);
    glGetUniformfv(p, glGetUniformLocation(p, "m4"), fv);
    assert_memory_equal(fv, m4, sizeof m4);

    /* Struct members and arrays of structs. */
    glUniform4f(glGetUniformLocation(p, "sa[1].a"), 1, 2, 3, 4);
    glGetUniformfv(p, glGetUniformLocation(p, "sa[1].a"), fv);
    assert_true(fv[0] == 1 && fv[1] == 2 && fv[2] == 3 && fv[3] == 4);
    GLfloat sb[2] = {7, 8};
    glUniform1fv(glGetUniformLocation(p, "s.b"), 2, sb);
    glGetUniformfv(p, glGetUniformLocation(p, "s.b[1]"), fv);
    assert_true(fv[0] == 8);

    /* Samplers hold texture units. */
    glUniform1i(glGetUniformLocation(p, "tex"), 3);
    GLint units[2] = {4, 5};
    glUniform1iv(glGetUniformLocation(p, "texs"), 2, units);
    glGetUniformiv(p, glGetUniformLocation(p, "tex"), iv);
    assert_int_equal(iv[0], 3);
    glGetUniformiv(p, glGetUniformLocation(p, "texs[1]"), iv);
    assert_int_equal(iv[0], 5);
    EXPECT_ERROR(GL_NO_ERROR);

    /* Values survive UseProgram(0) and are per program. */
    glUseProgram(0);
    glGetUniformfv(p, glGetUniformLocation(p, "f"), fv);
    assert_true(fv[0] == 2.5f);
    GLuint q = uniform_program();
    glGetUniformfv(q, glGetUniformLocation(q, "f"), fv);
    assert_true(fv[0] == 0.0f); /* uniforms start at zero */
    /* A re-link resets the values. */
    glLinkProgram(p);
    glGetUniformfv(p, glGetUniformLocation(p, "f"), fv);
    assert_true(fv[0] == 0.0f);
    EXPECT_ERROR(GL_NO_ERROR);
    glDeleteProgram(p);
    glDeleteProgram(q);
}

static void test_uniform_errors(void **state)
{
    (void)state;
    GLuint p = uniform_program();
    GLint f = glGetUniformLocation(p, "f"), v3 = glGetUniformLocation(p, "v3");
    GLint i = glGetUniformLocation(p, "i"), u = glGetUniformLocation(p, "u");
    GLint tex = glGetUniformLocation(p, "tex"), arr = glGetUniformLocation(p, "arr");
    GLint m3 = glGetUniformLocation(p, "m3");
    GLfloat fv[16] = {0};
    GLint iv[4] = {0};

    glUseProgram(0);
    glUniform1f(f, 1.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* no current program */
    glUniform1f(-1, 1.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* even for location -1 (as Mesa) */
    glUseProgram(p);
    glUniform1f(-1, 1.0f);
    EXPECT_ERROR(GL_NO_ERROR); /* location -1 is ignored */
    glUniform1fv(-1, 3, fv);
    EXPECT_ERROR(GL_NO_ERROR);
    glUniform1f(0x7654321, 1.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glUniform1f(-2, 1.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glUniform1i(f, 1);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* int on a float */
    glUniform1f(i, 1.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* float on an int */
    glUniform1i(u, 1);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* int on a uint */
    glUniform1ui(i, 1);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glUniform1f(tex, 1.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* float on a sampler */
    glUniform2f(v3, 1.0f, 2.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* size mismatch */
    glUniform4f(v3, 1.0f, 2.0f, 3.0f, 4.0f);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glUniform3fv(v3, 2, fv);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* count > 1 on a non-array */
    glUniform1fv(arr, -1, fv);
    EXPECT_ERROR(GL_INVALID_VALUE);
    glUniformMatrix4fv(m3, 1, GL_FALSE, fv);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glUniformMatrix3fv(v3, 1, GL_FALSE, fv);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glUniform1i(tex, -1);
    EXPECT_ERROR(GL_INVALID_VALUE); /* texture unit out of range */
    glUniform1i(tex, 1000);
    EXPECT_ERROR(GL_INVALID_VALUE);
    /* A failed call changed nothing. */
    glGetUniformfv(p, f, fv);
    assert_true(fv[0] == 0.0f);
    glGetUniformiv(p, tex, iv);
    assert_int_equal(iv[0], 0);

    glGetUniformfv(p, -1, fv);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glGetUniformfv(p, 0x7654321, fv);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glGetUniformfv(987654, f, fv);
    EXPECT_ERROR(GL_INVALID_VALUE);
    GLuint s = glCreateShader(GL_VERTEX_SHADER);
    glGetUniformfv(s, f, fv);
    EXPECT_ERROR(GL_INVALID_OPERATION);
    glDeleteShader(s);

    /* Samplers of different types on one unit: validation fails. */
    glUniform1i(glGetUniformLocation(p, "cube"), 0);
    glUniform1i(tex, 0);
    glValidateProgram(p);
    assert_int_equal(program_i(p, GL_VALIDATE_STATUS), GL_FALSE);
    glUniform1i(glGetUniformLocation(p, "cube"), 6);
    glValidateProgram(p);
    assert_int_equal(program_i(p, GL_VALIDATE_STATUS), GL_TRUE);
    EXPECT_ERROR(GL_NO_ERROR);
    glUseProgram(0);
    glDeleteProgram(p);
}

static void test_relink_current(void **state)
{
    (void)state;
    GLuint p = uniform_program();
    glUseProgram(p);
    GLint f = glGetUniformLocation(p, "f");
    glUniform1f(f, 3.0f);
    /* A failed re-link: link status false, but the program stays in use
     * (rendering and glUniform keep working on the old executable). */
    GLuint bad = compile(GL_FRAGMENT_SHADER, "void main() { error }\n");
    glAttachShader(p, bad);
    glLinkProgram(p);
    assert_int_equal(program_i(p, GL_LINK_STATUS), GL_FALSE);
    GLint cur = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    assert_int_equal(cur, (GLint)p);
    glUniform1f(f, 4.0f);
    EXPECT_ERROR(GL_NO_ERROR);
    glDetachShader(p, bad);
    glDeleteShader(bad);
    glLinkProgram(p);
    assert_int_equal(program_i(p, GL_LINK_STATUS), GL_TRUE);
    GLfloat v = -1;
    glGetUniformfv(p, glGetUniformLocation(p, "f"), &v);
    assert_true(v == 0.0f);
    EXPECT_ERROR(GL_NO_ERROR);
    glUseProgram(0);
    glDeleteProgram(p);
}

/* ---- rendering ------------------------------------------------------------------------------------------ */

static const char *vs_quad = "#version 130\n"
                             "in vec2 pos;\n"
                             "uniform mat4 xf;\n"
                             "void main() { gl_Position = xf * vec4(pos, 0.0, 1.0); }\n";

/* Draws the quad [-1,1]^2 (through the program's "xf" if it has one). */
static void draw_quad(GLuint p)
{
    static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    GLuint vbo = 0;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    GLint loc = glGetAttribLocation(p, "pos");
    assert_true(loc >= 0);
    glVertexAttribPointer((GLuint)loc, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray((GLuint)loc);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray((GLuint)loc);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glDeleteBuffers(1, &vbo);
}

static void set_identity_xf(GLuint p)
{
    static const GLfloat id[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    glUniformMatrix4fv(glGetUniformLocation(p, "xf"), 1, GL_FALSE, id);
}

static uint8_t to_unorm8(float f)
{
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (uint8_t)(f * 255.0f + 0.5f);
}

/* Every pixel in columns [x0, x1) equals rgba (+-1). */
static void check_columns(const uint8_t *img, int x0, int x1, const float rgba[4], int line)
{
    for (int y = 0; y < GLT_H; y++) {
        for (int x = x0; x < x1; x++) {
            const uint8_t *px = img + (y * GLT_W + x) * 4;
            for (int c = 0; c < 4; c++) {
                int want = to_unorm8(rgba[c]);
                if (px[c] + 1 < want || px[c] > want + 1)
                    fail_msg("line %d: pixel (%d,%d) = (%d,%d,%d,%d), expected (%d,%d,%d,%d)", line, x,
                             y, px[0], px[1], px[2], px[3], to_unorm8(rgba[0]), to_unorm8(rgba[1]),
                             to_unorm8(rgba[2]), to_unorm8(rgba[3]));
            }
        }
    }
}

static uint8_t image[GLT_W * GLT_H * 4];

static void test_render_scalar_uniforms(void **state)
{
    (void)state;
    const char *fs = "#version 130\n"
                     "uniform float f;\n"
                     "uniform vec2 v2;\n"
                     "uniform int i;\n"
                     "uniform uint u;\n"
                     "uniform bool b;\n"
                     "uniform bvec2 b2;\n"
                     "void main() {\n"
                     "  float g = v2.x * v2.y;\n"
                     "  float bl = b ? 0.25 : 0.0;\n"
                     "  if (b2.y) bl += 0.5;\n"
                     "  gl_FragColor = vec4(f, g, float(i) / 10.0 + float(u) / 100.0, bl);\n"
                     "}\n";
    GLuint p = glt_program(vs_quad, fs);
    assert_true(p != 0);
    glUseProgram(p);
    set_identity_xf(p);
    glUniform1f(glGetUniformLocation(p, "f"), 0.75f);
    glUniform2f(glGetUniformLocation(p, "v2"), 0.5f, 0.8f);
    glUniform1i(glGetUniformLocation(p, "i"), 3);
    glUniform1ui(glGetUniformLocation(p, "u"), 20u);
    glUniform1i(glGetUniformLocation(p, "b"), 7);
    glUniform2f(glGetUniformLocation(p, "b2"), 0.0f, 1.0f);
    EXPECT_ERROR(GL_NO_ERROR);
    draw_quad(p);
    EXPECT_ERROR(GL_NO_ERROR);
    glt_read_window(image);
    const float want[4] = {0.75f, 0.4f, 0.5f, 0.75f};
    check_columns(image, 0, GLT_W, want, __LINE__);

    /* Bools set to false with the float and int variants. */
    glUniform1f(glGetUniformLocation(p, "b"), 0.0f);
    glUniform2i(glGetUniformLocation(p, "b2"), 1, 0);
    glUniform1i(glGetUniformLocation(p, "i"), -2);
    draw_quad(p);
    glt_read_window(image);
    const float want2[4] = {0.75f, 0.4f, 0.0f, 0.0f};
    check_columns(image, 0, GLT_W, want2, __LINE__);
    glUseProgram(0);
    glDeleteProgram(p);
}

static void test_render_matrices_arrays_structs(void **state)
{
    (void)state;
    const char *fs = "#version 130\n"
                     "struct L { vec3 c; float k[2]; };\n"
                     "uniform mat3 m3;\n"
                     "uniform mat2x3 m23;\n"
                     "uniform float arr[4];\n"
                     "uniform int idx;\n"
                     "uniform L l[2];\n"
                     "void main() {\n"
                     "  vec3 a = m3 * vec3(1.0, 0.0, 0.5);\n"
                     "  vec3 b = m23 * vec2(0.5, 1.0);\n"
                     "  float c = arr[idx] + l[1].k[1];\n"
                     "  gl_FragColor = vec4(a.x, b.z, c, l[1].c.y);\n"
                     "}\n";
    GLuint p = glt_program(vs_quad, fs);
    assert_true(p != 0);
    glUseProgram(p);
    set_identity_xf(p);
    /* m3 given row by row (transpose): m3 * (1,0,0.5) row 0 = 0.2 + 0.5 * 0.6. */
    const GLfloat m3_rows[9] = {0.2f, 9.0f, 0.6f, 0, 0, 0, 0, 0, 0};
    glUniformMatrix3fv(glGetUniformLocation(p, "m3"), 1, GL_TRUE, m3_rows);
    /* m23: 2 columns of 3; row 2 = 0.5 * col0.z + 1.0 * col1.z. */
    const GLfloat m23[6] = {0, 0, 0.4f, 0, 0, 0.1f};
    glUniformMatrix2x3fv(glGetUniformLocation(p, "m23"), 1, GL_FALSE, m23);
    const GLfloat arr[4] = {0.9f, 0.8f, 0.1f, 0.7f};
    glUniform1fv(glGetUniformLocation(p, "arr"), 4, arr);
    glUniform1i(glGetUniformLocation(p, "idx"), 2);
    glUniform1f(glGetUniformLocation(p, "l[1].k[1]"), 0.2f);
    glUniform3f(glGetUniformLocation(p, "l[1].c"), 0, 0.6f, 0);
    EXPECT_ERROR(GL_NO_ERROR);
    draw_quad(p);
    EXPECT_ERROR(GL_NO_ERROR);
    glt_read_window(image);
    const float want[4] = {0.5f, 0.3f, 0.3f, 0.6f};
    check_columns(image, 0, GLT_W, want, __LINE__);
    glUseProgram(0);
    glDeleteProgram(p);
}

/* Two draws with different uniform values before one flush: each draw
 * keeps the values it was issued with; the VS reads the matrix. */
static void test_render_uniform_changes_between_draws(void **state)
{
    (void)state;
    const char *fs = "uniform vec4 col;\nvoid main() { gl_FragColor = col; }\n";
    GLuint p = glt_program(vs_quad, fs);
    assert_true(p != 0);
    glUseProgram(p);
    /* Left half: x' = 0.5 x - 0.5 maps [-1,1] to [-1,0]. */
    const GLfloat left[16] = {0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -0.5f, 0, 0, 1};
    const GLfloat right[16] = {0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0, 0, 1};
    GLint xf = glGetUniformLocation(p, "xf"), col = glGetUniformLocation(p, "col");
    glUniformMatrix4fv(xf, 1, GL_FALSE, left);
    glUniform4f(col, 1, 0, 0, 1);
    draw_quad(p);
    glUniformMatrix4fv(xf, 1, GL_FALSE, right);
    glUniform4f(col, 0, 0, 1, 1);
    draw_quad(p);
    EXPECT_ERROR(GL_NO_ERROR);
    glt_read_window(image);
    const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
    check_columns(image, 0, GLT_W / 2, red, __LINE__);
    check_columns(image, GLT_W / 2, GLT_W, blue, __LINE__);

    /* Two programs alternating: each keeps its own uniforms. */
    GLuint q = glt_program(vs_quad, fs);
    glUseProgram(q);
    glUniformMatrix4fv(glGetUniformLocation(q, "xf"), 1, GL_FALSE, left);
    glUniform4f(glGetUniformLocation(q, "col"), 0, 1, 0, 1);
    draw_quad(q);
    glUseProgram(p); /* still "right" and blue */
    glUniform4f(col, 1, 1, 0, 1);
    draw_quad(p);
    glt_read_window(image);
    const float green[4] = {0, 1, 0, 1}, yellow[4] = {1, 1, 0, 1};
    check_columns(image, 0, GLT_W / 2, green, __LINE__);
    check_columns(image, GLT_W / 2, GLT_W, yellow, __LINE__);
    EXPECT_ERROR(GL_NO_ERROR);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteProgram(q);
}

/* Built-in uniforms hold GL's defaults: gl_ModelViewProjectionMatrix is
 * the identity and gl_DepthRange (0, 1, 1). */
static void test_render_builtin_uniforms(void **state)
{
    (void)state;
    const char *vs = "attribute vec2 pos;\n"
                     "void main() { gl_Position = gl_ModelViewProjectionMatrix * vec4(pos, 0.0, 1.0); }\n";
    const char *fs = "void main() { gl_FragColor = vec4(gl_DepthRange.near, gl_DepthRange.far,\n"
                     "  gl_DepthRange.diff * 0.5, gl_NormalMatrix[1][1] * 0.25); }\n";
    GLuint p = glt_program(vs, fs);
    assert_true(p != 0);
    glUseProgram(p);
    draw_quad(p);
    EXPECT_ERROR(GL_NO_ERROR);
    glt_read_window(image);
    const float want[4] = {0, 1, 0.5f, 0.25f};
    check_columns(image, 0, GLT_W, want, __LINE__);
    /* gl_DepthRange follows glDepthRange. */
    glDepthRange(0.25, 0.75);
    draw_quad(p);
    glt_read_window(image);
    const float want2[4] = {0.25f, 0.75f, 0.25f, 0.25f};
    check_columns(image, 0, GLT_W, want2, __LINE__);
    glDepthRange(0.0, 1.0);
    EXPECT_ERROR(GL_NO_ERROR);
    glUseProgram(0);
    glDeleteProgram(p);
}

/* What the vertex and texture parts read: gl_program_vs_inputs maps TGSI
 * inputs to the attribute locations GL reports; gl_program_sampler_uses
 * gives each sampler the unit set with glUniform1i and its target. */
static void test_part_queries(void **state)
{
    (void)state;
    struct gl_context *ctx = gl_context_current();
    gl_vs_input in[32];
    gl_sampler_use uses[SWRGL_MAX_SAMPLERS];
    glUseProgram(0);
    assert_int_equal(gl_program_vs_inputs(ctx, in), 0);
    assert_int_equal(gl_program_sampler_uses(ctx, uses), 0);

    const char *vs = "#version 130\n"
                     "in vec4 pos;\n"
                     "in mat2 m;\n"
                     "in ivec2 iv;\n"
                     "uniform sampler2D vt;\n"
                     "out vec4 c;\n"
                     "void main() { gl_Position = pos + texture(vt, pos.xy);\n"
                     "  c = vec4(m[0], m[1]) + vec4(iv.xyxy); }\n";
    const char *fs = "#version 130\n"
                     "in vec4 c;\n"
                     "uniform sampler2D t2;\n"
                     "uniform samplerCube tc;\n"
                     "void main() { gl_FragColor = c + texture(t2, c.xy) + texture(tc, c.xyz); }\n";
    GLuint p = glCreateProgram();
    GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
    glAttachShader(p, v);
    glAttachShader(p, f);
    glBindAttribLocation(p, 3, "pos");
    glBindAttribLocation(p, 6, "m");
    glBindAttribLocation(p, 1, "iv");
    glLinkProgram(p);
    assert_int_equal(program_i(p, GL_LINK_STATUS), GL_TRUE);
    glUseProgram(p);
    unsigned n = gl_program_vs_inputs(ctx, in);
    assert_int_equal(n, 4); /* pos, two columns of m, iv */
    unsigned seen = 0;
    for (unsigned i = 0; i < n; i++) {
        assert_true(in[i].location < 16);
        seen |= 1u << in[i].location;
        assert_int_equal(in[i].integer, in[i].location == 1);
    }
    assert_int_equal(seen, (1u << 3) | (1u << 6) | (1u << 7) | (1u << 1));

    glUniform1i(glGetUniformLocation(p, "vt"), 2);
    glUniform1i(glGetUniformLocation(p, "t2"), 5);
    glUniform1i(glGetUniformLocation(p, "tc"), 7);
    EXPECT_ERROR(GL_NO_ERROR);
    n = gl_program_sampler_uses(ctx, uses);
    assert_int_equal(n, 3);
    unsigned found = 0;
    for (unsigned i = 0; i < n; i++) {
        if (uses[i].unit == 2 && uses[i].tgsi_target == TGSI_TEXTURE_2D &&
            uses[i].stage_mask == 1u << PIPE_SHADER_VERTEX)
            found |= 1;
        else if (uses[i].unit == 5 && uses[i].tgsi_target == TGSI_TEXTURE_2D &&
                 uses[i].stage_mask == 1u << PIPE_SHADER_FRAGMENT)
            found |= 2;
        else if (uses[i].unit == 7 && uses[i].tgsi_target == TGSI_TEXTURE_CUBE &&
                 uses[i].stage_mask == 1u << PIPE_SHADER_FRAGMENT)
            found |= 4;
        else
            fail_msg("sampler %u: unit %u target %u stages %u", i, uses[i].unit,
                     uses[i].tgsi_target, uses[i].stage_mask);
    }
    assert_int_equal(found, 7);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteShader(v);
    glDeleteShader(f);
}

static void test_gets(void **state)
{
    (void)state;
    GLint v = 0;
    glGetIntegerv(GL_MAX_VERTEX_UNIFORM_COMPONENTS, &v);
    assert_true(v >= 512); /* GL 2.1 table 6.37 minimum */
    glGetIntegerv(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, &v);
    assert_true(v >= 64);
    glGetIntegerv(GL_MAX_VARYING_FLOATS, &v);
    assert_true(v >= 32);
    glGetIntegerv(GL_MAX_TEXTURE_COORDS, &v);
    assert_int_equal(v, 8);
    const char *ver = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    assert_non_null(ver);
    EXPECT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_object_life),
        cmocka_unit_test(test_shader_source),
        cmocka_unit_test(test_compile_status_and_log),
        cmocka_unit_test(test_use_and_delete_current),
        cmocka_unit_test(test_attributes),
        cmocka_unit_test(test_uniform_reflection),
        cmocka_unit_test(test_uniform_round_trips),
        cmocka_unit_test(test_uniform_errors),
        cmocka_unit_test(test_relink_current),
        cmocka_unit_test(test_gets),
        cmocka_unit_test(test_part_queries),
        cmocka_unit_test(test_render_scalar_uniforms),
        cmocka_unit_test(test_render_matrices_arrays_structs),
        cmocka_unit_test(test_render_uniform_changes_between_draws),
        cmocka_unit_test(test_render_builtin_uniforms),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
