/*
 * test_gl_compare_clientattrib.c: glPushClientAttrib / glPopClientAttrib of
 * swr's libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8 (the oracle)
 * in one run. The case sets pixel store and vertex array state, pushes,
 * changes everything, pops with each bit alone and both, and records every
 * queried value (glGetIntegerv, glGetPointerv, glIsEnabled, the stack
 * depth, errors of a 17th push and of a pop on an empty stack); both
 * libraries' lists must be equal. Independently of llvmpipe, swr's values
 * after each pop must equal its values before the push (the spec's
 * definition of the stack), checked on the groups the bits cover.
 *
 *   test_gl_compare_clientattrib <swr libOSMesa> [<reference libOSMesa>]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define CA_FUNCS(X)                                                                                \
    X(PushClientAttrib, PUSHCLIENTATTRIB) X(PopClientAttrib, POPCLIENTATTRIB)                      \
    X(PixelStorei, PIXELSTOREI) X(GetIntegerv, GETINTEGERV) X(GetPointerv, GETPOINTERV)            \
    X(IsEnabled, ISENABLED) X(EnableClientState, ENABLECLIENTSTATE)                                \
    X(DisableClientState, DISABLECLIENTSTATE) X(VertexPointer, VERTEXPOINTER)                      \
    X(ColorPointer, COLORPOINTER) X(TexCoordPointer, TEXCOORDPOINTER)                              \
    X(ClientActiveTexture, CLIENTACTIVETEXTURE) X(GenBuffers, GENBUFFERS)                          \
    X(BindBuffer, BINDBUFFER) X(BufferData, BUFFERDATA) X(DeleteBuffers, DELETEBUFFERS)            \
    X(GetError, GETERROR) X(VertexAttribPointer, VERTEXATTRIBPOINTER)                              \
    X(EnableVertexAttribArray, ENABLEVERTEXATTRIBARRAY) X(GetVertexAttribiv, GETVERTEXATTRIBIV)    \
    X(DisableVertexAttribArray, DISABLEVERTEXATTRIBARRAY)

GLC_TABLE(ca_api, ca_open, CA_FUNCS)

enum { MAXV = 1024 };
typedef struct rec {
    long long v[MAXV];
    int n;
} rec;
static void put(rec *r, long long x)
{
    if (r->n < MAXV)
        r->v[r->n++] = x;
}

static const GLenum PIXEL[] = {
    GL_PACK_ALIGNMENT,   GL_PACK_ROW_LENGTH,   GL_PACK_SKIP_PIXELS,  GL_PACK_SKIP_ROWS,
    GL_PACK_SWAP_BYTES,  GL_PACK_LSB_FIRST,    GL_PACK_IMAGE_HEIGHT, GL_PACK_SKIP_IMAGES,
    GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS,
    GL_UNPACK_SWAP_BYTES, GL_UNPACK_LSB_FIRST, GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_IMAGES,
    GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING,
};
static const GLenum ARRAY[] = {
    GL_VERTEX_ARRAY_SIZE,      GL_VERTEX_ARRAY_TYPE,     GL_VERTEX_ARRAY_STRIDE,
    GL_VERTEX_ARRAY_BUFFER_BINDING, GL_COLOR_ARRAY_SIZE, GL_COLOR_ARRAY_TYPE,
    GL_COLOR_ARRAY_STRIDE,     GL_TEXTURE_COORD_ARRAY_SIZE, GL_CLIENT_ACTIVE_TEXTURE,
    GL_ARRAY_BUFFER_BINDING,
};

/* Snapshot of the pixel group (first), then the array group. */
static void snap(ca_api *l, rec *r)
{
    for (size_t i = 0; i < sizeof PIXEL / sizeof PIXEL[0]; i++) {
        GLint x = -7;
        l->GetIntegerv(PIXEL[i], &x);
        put(r, x);
    }
    for (size_t i = 0; i < sizeof ARRAY / sizeof ARRAY[0]; i++) {
        GLint x = -7;
        l->GetIntegerv(ARRAY[i], &x);
        put(r, x);
    }
    void *p = NULL;
    l->GetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
    put(r, (long long)(intptr_t)p);
    l->GetPointerv(GL_COLOR_ARRAY_POINTER, &p);
    put(r, (long long)(intptr_t)p);
    put(r, l->IsEnabled(GL_VERTEX_ARRAY));
    put(r, l->IsEnabled(GL_COLOR_ARRAY));
    GLint a = -7;
    l->GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &a);
    put(r, a);
    l->GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &a);
    put(r, a);
}
enum { NPIXEL = sizeof PIXEL / sizeof PIXEL[0] };

static void set_a(ca_api *l, GLuint *bufs)
{
    l->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    l->DisableClientState(GL_COLOR_ARRAY);
    l->BindBuffer(GL_ARRAY_BUFFER, 0);
    l->VertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, 0, NULL);
    l->DisableVertexAttribArray(3);
    l->PixelStorei(GL_PACK_ALIGNMENT, 2);
    l->PixelStorei(GL_PACK_ROW_LENGTH, 17);
    l->PixelStorei(GL_UNPACK_SKIP_ROWS, 3);
    l->PixelStorei(GL_UNPACK_LSB_FIRST, 1);
    l->BindBuffer(GL_PIXEL_UNPACK_BUFFER, bufs[0]);
    l->VertexPointer(3, GL_SHORT, 12, (const void *)(intptr_t)0x40);
    l->ColorPointer(4, GL_UNSIGNED_BYTE, 0, (const void *)(intptr_t)0x1000);
    l->BindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    l->EnableClientState(GL_VERTEX_ARRAY);
    l->ClientActiveTexture(GL_TEXTURE1);
    l->TexCoordPointer(2, GL_FLOAT, 8, (const void *)(intptr_t)0x20);
}

static void set_b(ca_api *l, GLuint *bufs)
{
    l->PixelStorei(GL_PACK_ALIGNMENT, 8);
    l->PixelStorei(GL_PACK_ROW_LENGTH, 0);
    l->PixelStorei(GL_UNPACK_SKIP_ROWS, 9);
    l->PixelStorei(GL_UNPACK_SWAP_BYTES, 1);
    l->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    l->BindBuffer(GL_PIXEL_PACK_BUFFER, bufs[1]);
    l->VertexPointer(2, GL_FLOAT, 0, (const void *)(intptr_t)0x80); /* into bufs[1] */
    l->BindBuffer(GL_ARRAY_BUFFER, 0);
    l->ColorPointer(3, GL_FLOAT, 16, (const void *)(intptr_t)0x2000);
    l->DisableClientState(GL_VERTEX_ARRAY);
    l->EnableClientState(GL_COLOR_ARRAY);
    l->ClientActiveTexture(GL_TEXTURE0);
    l->VertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 0, (const void *)(intptr_t)0x300);
    l->EnableVertexAttribArray(3);
}

static bool same(const rec *a, int a0, const rec *b, int b0, int n)
{
    return !memcmp(a->v + a0, b->v + b0, (size_t)n * sizeof a->v[0]);
}

/* spec_fail counts pops that did not restore what the push saved. */
static void run_case(ca_api *l, rec *r, int *spec_fail)
{
    GLuint bufs[2];
    l->GenBuffers(2, bufs);
    for (int i = 0; i < 2; i++) {
        l->BindBuffer(GL_ARRAY_BUFFER, bufs[i]);
        l->BufferData(GL_ARRAY_BUFFER, 4096, NULL, GL_STATIC_DRAW);
    }
    l->BindBuffer(GL_ARRAY_BUFFER, 0);
    static rec before, after;

    static const GLbitfield masks[] = {GL_CLIENT_PIXEL_STORE_BIT, GL_CLIENT_VERTEX_ARRAY_BIT,
                                       GL_CLIENT_ALL_ATTRIB_BITS};
    for (int m = 0; m < 3; m++) {
        set_a(l, bufs);
        before.n = 0;
        snap(l, &before);
        const int total = before.n;
        l->PushClientAttrib(masks[m]);
        set_b(l, bufs);
        static rec changed;
        changed.n = 0;
        snap(l, &changed);
        for (int i = 0; i < changed.n; i++)
            put(r, changed.v[i]);
        l->PopClientAttrib();
        after.n = 0;
        snap(l, &after);
        for (int i = 0; i < after.n; i++)
            put(r, after.v[i]);
        /* the spec: the covered group is back; the other keeps set_b's values */
        if (m != 1 && !same(&after, 0, &before, 0, NPIXEL))
            (*spec_fail)++;
        if (m != 0 && !same(&after, NPIXEL, &before, NPIXEL, total - NPIXEL))
            (*spec_fail)++;
        if (m == 0 && !same(&after, NPIXEL, &changed, NPIXEL, total - NPIXEL))
            (*spec_fail)++;
    }
    put(r, l->GetError());
    GLint depth = -1, max = -1;
    for (int i = 0; i < 17; i++)
        l->PushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
    put(r, l->GetError()); /* the 17th: GL_STACK_OVERFLOW */
    l->GetIntegerv(GL_CLIENT_ATTRIB_STACK_DEPTH, &depth);
    l->GetIntegerv(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH, &max);
    put(r, depth);
    put(r, max);
    for (int i = 0; i < 17; i++)
        l->PopClientAttrib();
    put(r, l->GetError()); /* the 17th: GL_STACK_UNDERFLOW */
    l->GetIntegerv(GL_CLIENT_ATTRIB_STACK_DEPTH, &depth);
    put(r, depth);
    /* buffers deleted while an entry references them: the pop must not crash */
    l->PushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
    l->DeleteBuffers(2, bufs);
    l->PopClientAttrib();
    put(r, l->GetError());
    l->PushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS); /* left on the stack at destruction */
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    ca_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !ca_open(&lswr, &swr) ||
        !ca_open(&lref, &ref))
        return 1;
    static rec a, b;
    int spec_swr = 0, spec_ref = 0;
    glc_target t;
    if (!glc_target_create(&t, &swr, 16, 16))
        return 1;
    run_case(&lswr, &a, &spec_swr);
    glc_target_destroy(&t);
    if (!glc_target_create(&t, &ref, 16, 16))
        return 1;
    run_case(&lref, &b, &spec_ref);
    glc_target_destroy(&t);
    int bad = a.n != b.n;
    for (int k = 0; k < a.n && k < b.n; k++)
        if (a.v[k] != b.v[k] && bad++ < 12)
            fprintf(stderr, "  value %d: swr %lld, llvmpipe %lld\n", k, a.v[k], b.v[k]);
    if (spec_swr)
        fprintf(stderr, "  swr: %d pop(s) did not restore the pushed groups\n", spec_swr);
    bool pass = !bad && !spec_swr;
    printf("clientattrib %d values  %s (llvmpipe's own spec check: %d failures)\n", a.n,
           pass ? "ok" : "FAIL", spec_ref);
    return pass ? 0 : 1;
}
