/*
 * test_gl_compare_objects.c: the GL 3.x draws and objects of issue 20 in
 * swr's libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8 (the oracle),
 * both in a GL 3.3 compatibility context made with
 * OSMesaCreateContextAttribs, in one run.
 *
 *   test_gl_compare_objects <swr libOSMesa> [<reference libOSMesa>]
 *
 * Images (each must agree with llvmpipe's, PSNR >= 40 dB, and draw
 * something): glDrawElementsBaseVertex, glDrawRangeElementsBaseVertex,
 * glDrawElementsInstancedBaseVertex and glMultiDrawElementsBaseVertex from
 * an element buffer into a grid of coloured vertices; primitive restart in
 * every topology (points, lines, strips, loops, triangles, strips, fans,
 * quads, quad strips, polygons) with the index 0xffff and with a small
 * index that only matches before the base vertex is added (the spec
 * compares the restart index with the index as fetched), also from client
 * memory and with 8- and 32-bit indices.
 *
 * State and errors (recorded from both libraries, the lists must be
 * equal, and checked against the spec's answer in swr): the
 * GL_PRIMITIVE_RESTART enable and GL_PRIMITIVE_RESTART_INDEX (including
 * 0xffffffff through glGetInteger64v); glCopyBufferSubData (the copied
 * bytes, a copy inside one buffer, overlap, ranges, unbound and mapped
 * buffers, bad targets); glGetBufferParameteri64v; glGetInteger64v against
 * glGetIntegerv over a list of pnames; fence syncs (glFenceSync,
 * glClientWaitSync results, glGetSynciv, glIsSync, glDeleteSync, glWaitSync
 * and the GL_INVALID_VALUE of deleted and made-up handles).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 96, H = 96, GRID = 8 };

#define OB_FUNCS(X)                                                                                \
    X(DrawElementsBaseVertex, DRAWELEMENTSBASEVERTEX)                                              \
    X(DrawRangeElementsBaseVertex, DRAWRANGEELEMENTSBASEVERTEX)                                    \
    X(DrawElementsInstancedBaseVertex, DRAWELEMENTSINSTANCEDBASEVERTEX)                            \
    X(MultiDrawElementsBaseVertex, MULTIDRAWELEMENTSBASEVERTEX)                                    \
    X(PrimitiveRestartIndex, PRIMITIVERESTARTINDEX) X(IsEnabled, ISENABLED)                        \
    X(GetInteger64v, GETINTEGER64V) X(CopyBufferSubData, COPYBUFFERSUBDATA)                        \
    X(GetBufferSubData, GETBUFFERSUBDATA) X(GetBufferParameteri64v, GETBUFFERPARAMETERI64V)        \
    X(GetBufferParameteriv, GETBUFFERPARAMETERIV) X(MapBuffer, MAPBUFFER)                          \
    X(UnmapBuffer, UNMAPBUFFER) X(FenceSync, FENCESYNC) X(ClientWaitSync, CLIENTWAITSYNC)          \
    X(WaitSync, WAITSYNC) X(DeleteSync, DELETESYNC) X(IsSync, ISSYNC) X(GetSynciv, GETSYNCIV)      \
    X(FramebufferTexture, FRAMEBUFFERTEXTURE) X(GetMultisamplefv, GETMULTISAMPLEFV)                \
    X(SampleMaski, SAMPLEMASKI) X(GetIntegeri_v, GETINTEGERI_V)                                    \
    X(GetFramebufferAttachmentParameteriv, GETFRAMEBUFFERATTACHMENTPARAMETERIV)

GLC_TABLE(ob_api, ob_open, OB_FUNCS)

/* ---- a record both libraries must produce identically ---- */

enum { MAXV = 4096 };
typedef struct rec {
    long long v[MAXV];
    const char *what[MAXV];
    int n;
} rec;
static void put(rec *r, const char *what, long long x)
{
    if (r->n < MAXV) {
        r->what[r->n] = what;
        r->v[r->n++] = x;
    }
}

static int spec_failures;
/* An answer the spec gives: checked in the library under test (swr). */
static void expect(bool is_swr, const char *what, long long got, long long want)
{
    if (is_swr && got != want) {
        printf("  swr %s: %lld, the spec says %lld\n", what, got, want);
        spec_failures++;
    }
}

/* ---- images ---- */

static const char *VS = "#version 130\n"
                        "in vec2 pos;\n"
                        "in vec4 col;\n"
                        "in vec2 off;\n"
                        "out vec4 c;\n"
                        "void main() {\n"
                        "  gl_Position = vec4(pos + off, 0.0, 1.0);\n"
                        "  gl_PointSize = 3.0;\n"
                        "  c = col;\n"
                        "}\n";
static const char *FS = "#version 130\n"
                        "in vec4 c;\n"
                        "out vec4 frag;\n"
                        "void main() { frag = c; }\n";

/* GRID x GRID vertices over [-0.9, 0.9]^2 (vertex i at column i % GRID,
 * row i / GRID), colours from the position, so a wrong vertex shows. */
static void grid(float *pos, float *col)
{
    for (int i = 0; i < GRID * GRID; i++) {
        int x = i % GRID, y = i / GRID;
        pos[2 * i] = -0.9f + 1.8f * (float)x / (GRID - 1) + 0.013f;
        pos[2 * i + 1] = -0.9f + 1.8f * (float)y / (GRID - 1) + 0.007f;
        col[4 * i] = (float)(x + 1) / GRID;
        col[4 * i + 1] = (float)(y + 1) / GRID;
        col[4 * i + 2] = (float)((x * 3 + y * 5) % 7) / 6.0f;
        col[4 * i + 3] = 1.0f;
    }
}

#define R 0xffffu /* restart marker in the 16-bit lists */

typedef struct img_case {
    const char *name;
    GLenum mode;
    int kind; /* 0 DrawElementsBaseVertex, 1 Range, 2 Instanced, 3 Multi */
    int restart; /* 0: off, 1: index 0xffff, 2: index 5 (compared before the bias) */
    int index_type; /* 0: ushort in a buffer, 1: ushort client, 2: ubyte buffer, 3: uint buffer */
    GLint base;
    int n;
    unsigned short idx[40];
} img_case;

/* Index lists: with base GRID the drawing moves one row up. Restart 2 uses
 * index 5: it restarts there, while index 2 + base 3 = vertex 5 draws. */
static const img_case CASES[] = {
    {"base_tris", GL_TRIANGLES, 0, 0, 0, GRID, 6, {0, 1, 9, 2, 11, 10}},
    {"base_neg", GL_TRIANGLES, 0, 0, 0, -GRID, 6, {16, 18, 26, 20, 29, 21}},
    {"range_base", GL_TRIANGLE_STRIP, 1, 0, 0, 2 * GRID, 6, {0, 8, 1, 9, 2, 10}},
    {"inst_base", GL_TRIANGLES, 2, 0, 0, GRID + 1, 6, {0, 1, 8, 1, 9, 8}},
    {"multi_base", GL_TRIANGLES, 3, 0, 0, 0, 6, {0, 1, 8, 2, 3, 11}},
    {"rs_points", GL_POINTS, 0, 1, 0, GRID, 7, {0, 2, R, 4, 6, R, 13}},
    {"rs_lines", GL_LINES, 0, 1, 0, 0, 9, {0, 9, 18, R, 3, 12, R, 5, 30}},
    {"rs_line_strip", GL_LINE_STRIP, 0, 1, 0, GRID, 9, {0, 9, 2, 11, R, 20, 29, 22, 31}},
    {"rs_line_loop", GL_LINE_LOOP, 0, 1, 0, 0, 9, {0, 3, 27, R, 36, 39, 63, R, 40}},
    {"rs_tris", GL_TRIANGLES, 0, 1, 0, GRID, 8, {0, 1, 8, R, 2, 3, 11, 10}},
    {"rs_tri_strip", GL_TRIANGLE_STRIP, 0, 1, 0, 0, 11, {0, 8, 1, 9, 2, R, 4, 12, 5, 13, 6}},
    {"rs_tri_fan", GL_TRIANGLE_FAN, 0, 1, 0, GRID, 10, {9, 0, 1, 2, 10, R, 13, 4, 5, 6}},
    {"rs_quads", GL_QUADS, 0, 1, 0, 0, 10, {0, 1, 9, 8, R, 3, 4, 12, 11, 2}},
    {"rs_quad_strip", GL_QUAD_STRIP, 0, 1, 0, GRID, 11, {0, 8, 1, 9, 2, 10, R, 4, 12, 5, 13}},
    {"rs_polygon", GL_POLYGON, 0, 1, 0, 0, 10, {0, 2, 18, 16, R, 21, 23, 39, 45, 37}},
    {"rs5_strip_base", GL_TRIANGLE_STRIP, 0, 2, 0, 3, 11, {0, 8, 1, 9, 2, 5, 13, 21, 14, 22, 15}},
    {"rs5_fan_base", GL_TRIANGLE_FAN, 2, 2, 0, 3, 10, {9, 0, 2, 10, 5, 18, 9, 10, 11, 19}},
    {"rs5_loop_range", GL_LINE_LOOP, 1, 2, 0, 3, 9, {0, 2, 26, 5, 33, 35, 51, 5, 17}},
    {"rs_client_strip", GL_LINE_STRIP, 0, 1, 1, GRID, 9, {0, 9, 2, 11, R, 20, 29, 22, 31}},
    {"rs_ubyte_tris", GL_TRIANGLE_STRIP, 0, 1, 2, GRID, 9, {0, 8, 1, 9, R, 4, 12, 5, 13}},
    {"rs_uint_fan", GL_TRIANGLE_FAN, 3, 1, 3, 0, 10, {9, 0, 1, 2, 10, R, 13, 4, 5, 6}},
    {"rs_multi_tris", GL_TRIANGLE_STRIP, 3, 1, 0, 2, 11, {0, 8, 1, 9, 2, R, 4, 12, 5, 13, 6}},
};
#define NCASES (int)(sizeof CASES / sizeof CASES[0])

static bool render_case(glc_api *g, ob_api *o, bool is_swr, const img_case *c, uint8_t *out,
                        rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    GLuint prog = glc_program(g, VS, FS);
    bool ok = prog != 0;
    if (ok) {
        g->BindAttribLocation(prog, 0, "pos");
        g->BindAttribLocation(prog, 1, "col");
        g->BindAttribLocation(prog, 2, "off");
        g->LinkProgram(prog);
        g->UseProgram(prog);
        g->Viewport(0, 0, W, H);
        g->ClearColor(0.05f, 0.05f, 0.1f, 1);
        g->Clear(GL_COLOR_BUFFER_BIT);
        g->Enable(GL_PROGRAM_POINT_SIZE);
        GLuint vao, bufs[3];
        g->GenVertexArrays(1, &vao);
        g->BindVertexArray(vao);
        g->GenBuffers(3, bufs);
        float pos[GRID * GRID * 2], col[GRID * GRID * 4];
        grid(pos, col);
        g->BindBuffer(GL_ARRAY_BUFFER, bufs[0]);
        g->BufferData(GL_ARRAY_BUFFER, sizeof pos + sizeof col, NULL, GL_STATIC_DRAW);
        g->BufferSubData(GL_ARRAY_BUFFER, 0, sizeof pos, pos);
        g->BufferSubData(GL_ARRAY_BUFFER, sizeof pos, sizeof col, col);
        g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (const void *)0);
        g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (const void *)sizeof pos);
        g->EnableVertexAttribArray(0);
        g->EnableVertexAttribArray(1);
        /* per-instance offsets (instance 0 unmoved) */
        const float offs[6] = {0, 0, 0.08f, -0.5f, -0.55f, 0.2f};
        g->BindBuffer(GL_ARRAY_BUFFER, bufs[1]);
        g->BufferData(GL_ARRAY_BUFFER, sizeof offs, offs, GL_STATIC_DRAW);
        g->VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, (const void *)0);
        g->EnableVertexAttribArray(2);
        g->VertexAttribDivisorARB(2, 1);

        unsigned restart_index = c->restart == 2 ? 5u : 0xffffu;
        GLenum type = GL_UNSIGNED_SHORT;
        unsigned isz = 2;
        uint8_t data[4 * (40 + 4)]; /* 40 indices after a lead of 4, 4 bytes each at most */
        /* the list starts 4 indices into the buffer (offsets are used) */
        const int lead = 4;
        memset(data, 0, sizeof data);
        if (c->index_type == 2) {
            type = GL_UNSIGNED_BYTE;
            isz = 1;
            restart_index = c->restart == 2 ? 5u : 0xffu;
        } else if (c->index_type == 3) {
            type = GL_UNSIGNED_INT;
            isz = 4;
            restart_index = c->restart == 2 ? 5u : 0xffffffffu;
        }
        for (int i = 0; i < c->n; i++) {
            uint32_t v = c->idx[i] == R ? restart_index : c->idx[i];
            if (isz == 1)
                data[(lead + i)] = (uint8_t)v;
            else if (isz == 2) {
                uint16_t s = (uint16_t)v;
                memcpy(data + 2 * (lead + i), &s, 2);
            } else
                memcpy(data + 4 * (lead + i), &v, 4);
        }
        const void *ptr = (const void *)(uintptr_t)(lead * isz);
        if (c->index_type == 1) {
            ptr = data + lead * isz;
        } else {
            g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
            g->BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(isz * (lead + 40)), data,
                          GL_STATIC_DRAW);
        }
        if (c->restart) {
            g->Enable(GL_PRIMITIVE_RESTART);
            o->PrimitiveRestartIndex(restart_index);
        }
        put(r, "restart enabled", o->IsEnabled(GL_PRIMITIVE_RESTART));
        GLint64 ri = -1;
        o->GetInteger64v(GL_PRIMITIVE_RESTART_INDEX, &ri);
        /* Mesa reports 0xffffffff as -1 (signed); the spec's value is
         * unsigned (state table: Z+), so the record compares 32 bits */
        put(r, "restart index", (uint32_t)ri);
        expect(is_swr, "GL_PRIMITIVE_RESTART_INDEX (int64)", ri, c->restart ? restart_index : 0);
        switch (c->kind) {
        case 0:
            o->DrawElementsBaseVertex(c->mode, c->n, type, ptr, c->base);
            break;
        case 1: {
            /* the range bounds the indices as fetched, before the base */
            GLuint lo = 0xffffffffu, hi = 0;
            for (int i = 0; i < c->n; i++) {
                if (c->restart && (c->idx[i] == R || c->idx[i] == restart_index))
                    continue;
                lo = c->idx[i] < lo ? c->idx[i] : lo;
                hi = c->idx[i] > hi ? c->idx[i] : hi;
            }
            o->DrawRangeElementsBaseVertex(c->mode, lo, hi, c->n, type, ptr, c->base);
            break;
        }
        case 2:
            o->DrawElementsInstancedBaseVertex(c->mode, c->n, type, ptr, 3, c->base);
            break;
        default: {
            /* the list split in two draws, the second with base + 1 row */
            GLsizei counts[2] = {c->n / 2, c->n - c->n / 2};
            const void *ptrs[2] = {ptr, (const uint8_t *)ptr + (size_t)(c->n / 2) * isz};
            GLint bases[2] = {c->base, c->base + GRID};
            o->MultiDrawElementsBaseVertex(c->mode, counts, type, ptrs, 2, bases);
            break;
        }
        }
        g->Finish();
        GLenum err = g->GetError();
        put(r, "draw error", err);
        ok = err == GL_NO_ERROR;
        g->UseProgram(0);
        g->DeleteProgram(prog);
        g->BindVertexArray(0);
        g->DeleteVertexArrays(1, &vao);
        g->DeleteBuffers(3, bufs);
    }
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

/* ---- state, errors, buffers, syncs ---- */

static void state_checks(glc_api *g, ob_api *o, bool is_swr, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, 16, 16)) {
        put(r, "no context", 1);
        return;
    }
    while (g->GetError() != GL_NO_ERROR)
        ;
    /* primitive restart state */
    GLint iv = -1;
    GLint64 i64 = -1;
    put(r, "restart default", o->IsEnabled(GL_PRIMITIVE_RESTART));
    g->GetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &iv);
    put(r, "restart index default", iv);
    expect(is_swr, "GL_PRIMITIVE_RESTART_INDEX default", iv, 0);
    o->PrimitiveRestartIndex(0xffffffffu);
    o->GetInteger64v(GL_PRIMITIVE_RESTART_INDEX, &i64);
    put(r, "restart index 64", (uint32_t)i64);
    expect(is_swr, "GL_PRIMITIVE_RESTART_INDEX 0xffffffff (int64)", i64, 0xffffffffll);
    o->PrimitiveRestartIndex(77);
    g->GetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &iv);
    expect(is_swr, "GL_PRIMITIVE_RESTART_INDEX", iv, 77);
    g->Enable(GL_PRIMITIVE_RESTART);
    put(r, "restart on", o->IsEnabled(GL_PRIMITIVE_RESTART));
    expect(is_swr, "glIsEnabled(GL_PRIMITIVE_RESTART)", o->IsEnabled(GL_PRIMITIVE_RESTART), 1);
    g->Disable(GL_PRIMITIVE_RESTART);
    expect(is_swr, "glIsEnabled(GL_PRIMITIVE_RESTART) off", o->IsEnabled(GL_PRIMITIVE_RESTART), 0);
    put(r, "restart errors", g->GetError());

    /* draw errors (GL 3.2 section 2.8.2) */
    GLuint vao;
    g->GenVertexArrays(1, &vao);
    g->BindVertexArray(vao);
    static const GLushort idx[3] = {0, 1, 2};
    o->DrawRangeElementsBaseVertex(GL_TRIANGLES, 5, 2, 3, GL_UNSIGNED_SHORT, idx, 1);
    put(r, "range end<start", g->GetError());
    o->DrawElementsBaseVertex(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, idx, 1);
    put(r, "negative count", g->GetError());
    o->DrawElementsBaseVertex(GL_TRIANGLES, 3, GL_FLOAT, idx, 1);
    put(r, "bad type", g->GetError());
    o->DrawElementsBaseVertex(0x7777, 3, GL_UNSIGNED_SHORT, idx, 1);
    put(r, "bad mode", g->GetError());
    o->DrawElementsInstancedBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx, -1, 0);
    put(r, "negative instances", g->GetError());
    const GLsizei cnt[2] = {3, -3};
    const void *ptrs[2] = {idx, idx};
    const GLint bases[2] = {0, 0};
    o->MultiDrawElementsBaseVertex(GL_TRIANGLES, cnt, GL_UNSIGNED_SHORT, ptrs, 2, bases);
    put(r, "multi negative count", g->GetError());
    o->MultiDrawElementsBaseVertex(GL_TRIANGLES, cnt, GL_UNSIGNED_SHORT, ptrs, -1, bases);
    put(r, "multi negative drawcount", g->GetError());
    g->BindVertexArray(0);
    g->DeleteVertexArrays(1, &vao);

    /* glCopyBufferSubData (GL 3.1 section 2.9.5) */
    GLuint b[2];
    g->GenBuffers(2, b);
    uint8_t src[256], dst[256], back[256];
    for (int i = 0; i < 256; i++) {
        src[i] = (uint8_t)(i * 7 + 3);
        dst[i] = (uint8_t)(255 - i);
    }
    g->BindBuffer(GL_COPY_READ_BUFFER, b[0]);
    g->BufferData(GL_COPY_READ_BUFFER, 256, src, GL_STATIC_DRAW);
    g->BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
    g->BufferData(GL_COPY_WRITE_BUFFER, 256, dst, GL_STATIC_DRAW);
    o->CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 10, 100, 50);
    put(r, "copy error", g->GetError());
    o->GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 256, back);
    uint8_t want[256];
    memcpy(want, dst, 256);
    memcpy(want + 100, src + 10, 50);
    long long same = memcmp(back, want, 256) == 0;
    put(r, "copy bytes", same);
    expect(is_swr, "glCopyBufferSubData bytes", same, 1);
    /* inside one buffer, not overlapping: [0,40) -> [200,240) */
    o->CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 200, 40);
    put(r, "copy self error", g->GetError());
    o->GetBufferSubData(GL_COPY_READ_BUFFER, 0, 256, back);
    memcpy(want, src, 256);
    memcpy(want + 200, src, 40);
    same = memcmp(back, want, 256) == 0;
    put(r, "copy self bytes", same);
    expect(is_swr, "glCopyBufferSubData within a buffer", same, 1);
    /* any buffer target works (GL_ARRAY_BUFFER here) */
    g->BindBuffer(GL_ARRAY_BUFFER, b[1]);
    o->CopyBufferSubData(GL_COPY_READ_BUFFER, GL_ARRAY_BUFFER, 0, 0, 4);
    put(r, "copy array target", g->GetError());
    static const struct {
        const char *what;
        GLenum rt, wt;
        GLintptr ro, wo;
        GLsizeiptr size;
        GLenum err;
    } bad[] = {
        {"copy overlap", GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 20, 40, GL_INVALID_VALUE},
        {"copy overlap back", GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 20, 0, 21, GL_INVALID_VALUE},
        {"copy touching", GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 20, 20, GL_NO_ERROR},
        {"copy negative read", GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, -1, 0, 4, GL_INVALID_VALUE},
        {"copy negative write", GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, -1, 4, GL_INVALID_VALUE},
        {"copy negative size", GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, -4, GL_INVALID_VALUE},
        {"copy past read", GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 250, 0, 7, GL_INVALID_VALUE},
        {"copy past write", GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 250, 7, GL_INVALID_VALUE},
        {"copy to the end", GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 250, 250, 6, GL_NO_ERROR},
        {"copy bad target", GL_COPY_READ_BUFFER, GL_TEXTURE_2D, 0, 0, 4, GL_INVALID_ENUM},
        {"copy bad target 2", 0x1234, GL_COPY_WRITE_BUFFER, 0, 0, 4, GL_INVALID_ENUM},
        {"copy unbound", GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER, 0, 0, 4, GL_INVALID_OPERATION},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        o->CopyBufferSubData(bad[i].rt, bad[i].wt, bad[i].ro, bad[i].wo, bad[i].size);
        GLenum e = g->GetError();
        put(r, bad[i].what, e);
        expect(is_swr, bad[i].what, e, bad[i].err);
    }
    o->MapBuffer(GL_COPY_WRITE_BUFFER, GL_WRITE_ONLY);
    o->CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4);
    GLenum e = g->GetError();
    put(r, "copy mapped", e);
    expect(is_swr, "copy into a mapped buffer", e, GL_INVALID_OPERATION);
    o->UnmapBuffer(GL_COPY_WRITE_BUFFER);
    /* glGetBufferParameteri64v */
    i64 = -1;
    o->GetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &i64);
    put(r, "buffer size 64", i64);
    expect(is_swr, "GL_BUFFER_SIZE (int64)", i64, 256);
    o->GetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_USAGE, &i64);
    put(r, "buffer usage 64", i64);
    o->GetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_MAPPED, &i64);
    put(r, "buffer mapped 64", i64);
    o->GetBufferParameteri64v(GL_COPY_READ_BUFFER, 0x1234, &i64);
    put(r, "buffer bad pname 64", g->GetError());
    o->GetBufferParameteri64v(GL_PIXEL_PACK_BUFFER, GL_BUFFER_SIZE, &i64);
    put(r, "buffer unbound 64", g->GetError());
    g->DeleteBuffers(2, b);

    /* glGetInteger64v against glGetIntegerv */
    static const GLenum pn[] = {GL_MAX_TEXTURE_SIZE, GL_VIEWPORT, GL_MAX_VERTEX_ATTRIBS,
                                GL_DEPTH_FUNC, GL_MAJOR_VERSION, GL_COLOR_WRITEMASK,
                                GL_DEPTH_CLEAR_VALUE, GL_COLOR_CLEAR_VALUE, GL_BLEND,
                                GL_MAX_DRAW_BUFFERS, GL_STENCIL_WRITEMASK,
                                GL_ARRAY_BUFFER_BINDING};
    g->ClearColor(0.25f, -0.5f, 1.0f, 0.75f);
    g->ClearDepth(0.375);
    for (size_t i = 0; i < sizeof pn / sizeof pn[0]; i++) {
        GLint a[16];
        GLint64 b64[16];
        for (int k = 0; k < 16; k++) {
            a[k] = 0x5a5a5a5a;
            b64[k] = 0x5a5a5a5a;
        }
        g->GetIntegerv(pn[i], a);
        o->GetInteger64v(pn[i], b64);
        for (int k = 0; k < 16; k++) {
            if (pn[i] == GL_STENCIL_WRITEMASK) /* all ones: 32 bits in both */
                continue;
            expect(is_swr, "glGetInteger64v equals glGetIntegerv", b64[k], a[k]);
        }
        /* not recorded: the GL version (llvmpipe makes a newer context)
         * and the colour / depth clear values, whose conversion of
         * normalized floats rounds in swr (GL 3.3 section 6.1.2) and
         * truncates in Mesa */
        if (pn[i] != GL_MAJOR_VERSION && pn[i] != GL_DEPTH_CLEAR_VALUE &&
            pn[i] != GL_COLOR_CLEAR_VALUE)
            put(r, "int64 value", b64[0]);
    }
    i64 = 0;
    o->GetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &i64);
    put(r, "max server wait > 0", i64 > 0);
    o->GetInteger64v(0x1234, &i64);
    put(r, "int64 bad pname", g->GetError());

    /* fence syncs (GL 3.2 section 5.2) */
    g->Clear(GL_COLOR_BUFFER_BIT);
    GLsync s = o->FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    put(r, "fence made", s != NULL);
    put(r, "fence error", g->GetError());
    put(r, "is sync", o->IsSync(s));
    GLint v = 0;
    GLsizei len = -1;
    o->GetSynciv(s, GL_OBJECT_TYPE, 1, &len, &v);
    put(r, "object type", v);
    put(r, "length", len);
    o->GetSynciv(s, GL_SYNC_CONDITION, 1, NULL, &v);
    put(r, "condition", v);
    o->GetSynciv(s, GL_SYNC_FLAGS, 1, NULL, &v);
    put(r, "flags", v);
    v = 0x77;
    len = -1;
    o->GetSynciv(s, GL_SYNC_STATUS, 0, &len, &v);
    put(r, "status with count 0", v);
    /* GL 3.2 section 6.1.8: length is the number of values written (Mesa
     * reports 1 here) */
    expect(is_swr, "glGetSynciv length with count 0", len, 0);
    o->GetSynciv(s, 0x1234, 1, NULL, &v);
    put(r, "synciv bad pname", g->GetError());
    GLenum w = o->ClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 2000000000ull);
    put(r, "wait signalled", w == GL_ALREADY_SIGNALED || w == GL_CONDITION_SATISFIED);
    w = o->ClientWaitSync(s, 0, 0);
    put(r, "wait again", w);
    expect(is_swr, "glClientWaitSync of a signalled sync", w, GL_ALREADY_SIGNALED);
    o->GetSynciv(s, GL_SYNC_STATUS, 1, NULL, &v);
    put(r, "status", v);
    expect(is_swr, "GL_SYNC_STATUS after the wait", v, GL_SIGNALED);
    w = o->ClientWaitSync(s, 0x10, 0);
    put(r, "wait bad flags", w);
    put(r, "wait bad flags error", g->GetError());
    o->WaitSync(s, 0, GL_TIMEOUT_IGNORED);
    put(r, "server wait", g->GetError());
    o->WaitSync(s, 1, GL_TIMEOUT_IGNORED);
    put(r, "server wait bad flags", g->GetError());
    o->WaitSync(s, 0, 5);
    put(r, "server wait bad timeout", g->GetError());
    o->FenceSync(0x1234, 0);
    put(r, "fence bad condition", g->GetError());
    GLsync none = o->FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1);
    put(r, "fence bad flags", g->GetError());
    put(r, "fence bad flags null", none == NULL);
    /* a sync made after a long draw list may still be pending: a zero
     * timeout then expires, and a long wait is satisfied */
    for (int i = 0; i < 200; i++)
        g->Clear(GL_COLOR_BUFFER_BIT);
    GLsync s2 = o->FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    w = o->ClientWaitSync(s2, 0, 0);
    bool pending_ok = w == GL_ALREADY_SIGNALED || w == GL_TIMEOUT_EXPIRED;
    GLenum w2 = o->ClientWaitSync(s2, GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
    /* after an expired wait the fence may have signalled before the
     * second call (GL_ALREADY_SIGNALED) or during it */
    pending_ok = pending_ok && (w == GL_TIMEOUT_EXPIRED
                                    ? w2 == GL_CONDITION_SATISFIED || w2 == GL_ALREADY_SIGNALED
                                    : w2 == GL_ALREADY_SIGNALED);
    put(r, "pending fence", pending_ok);
    expect(is_swr, "pending fence: zero timeout, then satisfied", pending_ok, 1);
    o->DeleteSync(s2);
    o->DeleteSync(s);
    put(r, "delete", g->GetError());
    put(r, "is deleted sync", o->IsSync(s));
    o->DeleteSync(s);
    put(r, "delete deleted", g->GetError());
    w = o->ClientWaitSync(s, 0, 0);
    put(r, "wait deleted", w);
    put(r, "wait deleted error", g->GetError());
    int junk[4];
    GLsync made_up = (GLsync)(void *)junk;
    o->GetSynciv(made_up, GL_SYNC_STATUS, 1, NULL, &v);
    put(r, "synciv made up", g->GetError());
    o->WaitSync(made_up, 0, GL_TIMEOUT_IGNORED);
    put(r, "server wait made up", g->GetError());
    put(r, "is made up", o->IsSync(made_up));
    o->DeleteSync(NULL);
    put(r, "delete 0", g->GetError());
    put(r, "is 0", o->IsSync(NULL));

    /* glFramebufferTexture: 2D, 2D array and cube textures attached whole;
     * the layered ones render (here: clear) into layer 0 */
    static const GLenum targets[3] = {GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP};
    for (int k = 0; k < 3; k++) {
        GLuint tex, fbo;
        g->GenTextures(1, &tex);
        g->BindTexture(targets[k], tex);
        if (k == 1)
            g->TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          NULL);
        else if (k == 2)
            for (int f = 0; f < 6; f++)
                g->TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, 8, 8, 0,
                              GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        else
            g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        g->TexParameteri(targets[k], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        g->GenFramebuffers(1, &fbo);
        g->BindFramebuffer(GL_FRAMEBUFFER, fbo);
        o->FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
        put(r, "fbtex error", g->GetError());
        put(r, "fbtex status", g->CheckFramebufferStatus(GL_FRAMEBUFFER));
        GLint lay = -1, type = -1, name = -1;
        o->GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &lay);
        o->GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
        o->GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
        put(r, "fbtex layered", lay);
        expect(is_swr, "GL_FRAMEBUFFER_ATTACHMENT_LAYERED", lay, k > 0);
        put(r, "fbtex type", type);
        put(r, "fbtex name", name == (GLint)tex);
        /* a layered attachment next to a non-layered one: incomplete
         * (GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS) */
        GLuint rb;
        g->GenRenderbuffers(1, &rb);
        g->BindRenderbuffer(GL_RENDERBUFFER, rb);
        g->RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
        g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
        GLenum mixed = g->CheckFramebufferStatus(GL_FRAMEBUFFER);
        put(r, "fbtex mixed status", mixed);
        expect(is_swr, "layered with non-layered attachments", mixed,
               k ? GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS : GL_FRAMEBUFFER_COMPLETE);
        g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
        g->DeleteRenderbuffers(1, &rb);
        g->Viewport(0, 0, 8, 8);
        g->ClearColor(0.25f, 0.5f, 0.75f, 1.0f);
        g->Clear(GL_COLOR_BUFFER_BIT);
        uint8_t px[4] = {0, 0, 0, 0};
        g->ReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        put(r, "fbtex pixel", px[0] | px[1] << 8 | px[2] << 16 | (long long)px[3] << 24);
        o->FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
        put(r, "fbtex detach", g->GetError());
        o->GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
        put(r, "fbtex detached type", type);
        o->FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4321, 0);
        put(r, "fbtex bad texture", g->GetError());
        o->FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, -1);
        put(r, "fbtex bad level", g->GetError());
        o->FramebufferTexture(0x1234, GL_COLOR_ATTACHMENT0, tex, 0);
        put(r, "fbtex bad target", g->GetError());
        g->BindFramebuffer(GL_FRAMEBUFFER, 0);
        o->FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
        put(r, "fbtex default fb", g->GetError());
        g->DeleteFramebuffers(1, &fbo);
        g->DeleteTextures(1, &tex);
    }

    /* sample positions and the sample mask with one sample per pixel */
    GLfloat sp[2] = {-1, -1};
    o->GetMultisamplefv(GL_SAMPLE_POSITION, 0, sp);
    /* GL_SAMPLES is 0 in both: every index is out of range, nothing written */
    put(r, "sample position x", (long long)(sp[0] * 1000));
    put(r, "sample position y", (long long)(sp[1] * 1000));
    GLenum spe = g->GetError();
    put(r, "sample position error", spe);
    expect(is_swr, "glGetMultisamplefv index 0 with GL_SAMPLES 0", spe, GL_INVALID_VALUE);
    o->GetMultisamplefv(GL_SAMPLE_POSITION, 1, sp);
    put(r, "sample position bad index", g->GetError());
    o->GetMultisamplefv(0x1234, 0, sp);
    put(r, "sample position bad pname", g->GetError());
    GLint words = 0;
    g->GetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
    put(r, "max sample mask words >= 1", words >= 1);
    GLint mask = 0;
    o->GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mask);
    put(r, "sample mask default", mask);
    o->SampleMaski(0, 0x5a5a1234u);
    o->GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mask);
    put(r, "sample mask", mask);
    expect(is_swr, "GL_SAMPLE_MASK_VALUE", mask, 0x5a5a1234);
    o->SampleMaski((GLuint)words, 1);
    put(r, "sample mask bad word", g->GetError());
    o->GetIntegeri_v(GL_SAMPLE_MASK_VALUE, (GLuint)words, &mask);
    put(r, "sample mask value bad word", g->GetError());
    put(r, "sample mask enabled", o->IsEnabled(GL_SAMPLE_MASK));
    g->Enable(GL_SAMPLE_MASK);
    put(r, "sample mask enable", o->IsEnabled(GL_SAMPLE_MASK));
    put(r, "sample mask enable error", g->GetError());
    glc_target_destroy(&t);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    ob_api os, oref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path))
        return 1;
    swr.context_version = ref.context_version = 33;
    if (!ob_open(&os, &swr) || !ob_open(&oref, &ref))
        return 1;
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    static rec ra, rb;
    int failed = 0;
    for (int i = 0; i < NCASES; i++) {
        ra.n = rb.n = 0;
        bool ok_swr = render_case(&swr, &os, true, &CASES[i], a, &ra);
        bool ok_ref = render_case(&ref, &oref, false, &CASES[i], b, &rb);
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        int lit = 0;
        for (int p = 0; p < W * H; p++)
            lit += a[4 * p] > 40 || a[4 * p + 1] > 40 || a[4 * p + 2] > 60;
        bool same_rec = ra.n == rb.n && !memcmp(ra.v, rb.v, sizeof ra.v[0] * (size_t)ra.n);
        bool pass = ok_swr && ok_ref && psnr >= 40.0 && lit > 0 && same_rec;
        printf("%-16s PSNR %6.2f dB, max diff %3d, lit %5d: %s%s%s%s\n", CASES[i].name,
               isinf(psnr) ? 99.99 : psnr, md, lit, pass ? "ok" : "FAIL",
               ok_swr ? "" : " [swr reported a problem]", ok_ref ? "" : " [reference problem]",
               same_rec ? "" : " [state differs]");
        if (!pass) {
            failed++;
            char path[256];
            snprintf(path, sizeof path, "%s-swr.png", CASES[i].name);
            glc_write_png(path, a, W, H);
            snprintf(path, sizeof path, "%s-ref.png", CASES[i].name);
            glc_write_png(path, b, W, H);
        }
    }
    ra.n = rb.n = 0;
    state_checks(&swr, &os, true, &ra);
    state_checks(&ref, &oref, false, &rb);
    int diffs = ra.n != rb.n;
    for (int i = 0; i < ra.n && i < rb.n; i++) {
        if (ra.v[i] != rb.v[i] || ra.what[i] != rb.what[i]) {
            printf("  state %s: swr %lld (0x%llx), llvmpipe %lld (0x%llx)\n", ra.what[i], ra.v[i],
                   ra.v[i], rb.v[i], rb.v[i]);
            diffs++;
        }
    }
    printf("state: %d values, %d differ from llvmpipe, %d differ from the spec: %s\n", ra.n, diffs,
           spec_failures, diffs || spec_failures ? "FAIL" : "ok");
    failed += diffs || spec_failures;
    free(a);
    free(b);
    glc_close(&swr);
    glc_close(&ref);
    return failed ? 1 : 0;
}
