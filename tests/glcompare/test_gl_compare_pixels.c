/*
 * test_gl_compare_pixels.c: the pixel rectangles (glDrawPixels, glBitmap,
 * glCopyPixels) of swr's libOSMesa.so.8 against Mesa's llvmpipe
 * libOSMesa.so.8 (the oracle) in one run: each case draws the same
 * program on both, and the colour images must match (PSNR bound per case)
 * as must the recorded state (raster positions after glBitmap moves, depth
 * values read back after depth rectangles) within 1e-4.
 *
 * Cases: RGBA/RGB/LUMINANCE images of several types with glPixelZoom
 * (negative too), unpack row length/skips and pixel transfer scale/bias,
 * against a depth-tested triangle; blended and alpha-tested images; depth
 * images (GL_DEPTH_COMPONENT float and ushort) drawn through the depth test
 * and read back; text drawn glyph by glyph with glBitmap (MSB and LSB first,
 * alignment 1, skips), NULL bitmaps that only move, an invalid raster
 * position, a font compiled into display lists and called with
 * glCallLists under other unpack state; glDrawPixels of colour, depth and
 * stencil compiled into a list and called under other state; glCopyPixels of colour onto an
 * overlapping rectangle (with zoom and pixel transfer), of depth and of stencil; stencil images
 * (GL_STENCIL_INDEX under a write mask, GL_DEPTH_STENCIL zoomed) read back
 * and shown through the stencil test.
 *
 *   test_gl_compare_pixels <swr libOSMesa> [<reference libOSMesa>] [case ...]
 * SWR_GLC_DUMP=<dir> writes both images of every case as PNG.
 *
 * The zooms (1.4, 1.6, integers) put no pixel centre exactly on the edge of
 * a zoomed texel: with the raster position rounded to a pixel corner, an
 * edge at a centre needs zoom * n = k + 1/2, which 7n/5 and 8n/5 never are;
 * which texel takes such a centre is left to the implementation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define PX_FUNCS(X)                                                                                \
    X(DrawPixels, DRAWPIXELS)                                                                      \
    X(Bitmap, BITMAP) X(CopyPixels, COPYPIXELS) X(RasterPos3f, RASTERPOS3F)                        \
        X(RasterPos2i, RASTERPOS2I) X(WindowPos2i, WINDOWPOS2I) X(WindowPos3f, WINDOWPOS3F)        \
            X(PixelZoom, PIXELZOOM) X(PixelTransferf, PIXELTRANSFERF) X(Color4f, COLOR4F)          \
                X(Color3f, COLOR3F) X(Begin, BEGIN) X(End, END) X(Vertex3f, VERTEX3F)              \
                    X(MatrixMode, MATRIXMODE) X(LoadIdentity, LOADIDENTITY) X(Ortho, ORTHO)        \
                        X(GetFloatv, GETFLOATV) X(AlphaFunc, ALPHAFUNC) X(ReadPixels, READPIXELS)  \
                            X(PixelStorei, PIXELSTOREI) X(Enable, ENABLE) X(Disable, DISABLE)      \
                                X(DepthFunc, DEPTHFUNC) X(BlendFunc, BLENDFUNC)                    \
                                    X(GetError, GETERROR) X(Scissor, SCISSOR)                      \
                                        X(StencilFunc, STENCILFUNC) X(StencilMask, STENCILMASK)    \
                                            X(Rectf, RECTF) X(GenLists, GENLISTS)                  \
                                                X(NewList, NEWLIST) X(EndList, ENDLIST)            \
                                                    X(CallList, CALLLIST) X(ListBase, LISTBASE)    \
                                                        X(CallLists, CALLLISTS)

GLC_TABLE(px_api, px_open, PX_FUNCS)

enum { W = 96, H = 80, MAXV = 8192 };

typedef struct rec {
    float v[MAXV];
    int n;
} rec;
static void put(rec *r, float x)
{
    if (r->n < MAXV)
        r->v[r->n++] = x;
}

static void record_raster(px_api *l, rec *r)
{
    GLfloat p[4] = {0};
    l->GetFloatv(GL_CURRENT_RASTER_POSITION, p);
    for (int i = 0; i < 4; i++)
        put(r, p[i]);
    GLfloat valid = -1.0f;
    l->GetFloatv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    put(r, valid);
}

/* Depth at a few pixels (read back as float). */
static void record_depth(px_api *l, rec *r)
{
    static const int pts[][2] = {{5, 5}, {20, 10}, {30, 25}, {47, 40}, {60, 50}, {80, 70}};
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        GLfloat d = -1.0f;
        l->ReadPixels(pts[i][0], pts[i][1], 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
        put(r, d);
    }
}

static void tri(px_api *l, float z)
{
    l->Begin(GL_TRIANGLES);
    l->Color3f(0.2f, 0.8f, 0.3f);
    l->Vertex3f(10.0f, 5.0f, z);
    l->Vertex3f(90.0f, 20.0f, z);
    l->Vertex3f(40.0f, 75.0f, z);
    l->End();
}

static void case_color(px_api *l, rec *r)
{
    (void)r;
    static GLubyte rgba[30][40][4];
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 40; x++) {
            rgba[y][x][0] = (GLubyte)(x * 6);
            rgba[y][x][1] = (GLubyte)(y * 8);
            rgba[y][x][2] = (GLubyte)((x ^ y) * 4);
            rgba[y][x][3] = 255;
        }
    l->RasterPos2i(2, 3);
    l->DrawPixels(40, 30, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    l->PixelZoom(1.4f, -1.0f);
    l->RasterPos3f(50.3f, 78.0f, 0.0f);
    l->DrawPixels(30, 20, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    l->PixelZoom(-1.0f, 1.0f);
    static GLfloat rgb[16][16][3];
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            rgb[y][x][0] = x / 15.0f;
            rgb[y][x][1] = 1.0f - y / 15.0f;
            rgb[y][x][2] = 0.5f;
        }
    l->RasterPos2i(40, 40);
    l->DrawPixels(16, 16, GL_RGB, GL_FLOAT, rgb);
    l->PixelZoom(2.0f, 2.0f);
    static GLubyte lum[12][13];
    for (int y = 0; y < 12; y++)
        for (int x = 0; x < 13; x++)
            lum[y][x] = (GLubyte)(x * 19 + y * 3);
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    l->PixelStorei(GL_UNPACK_ROW_LENGTH, 13);
    l->PixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
    l->PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
    l->PixelTransferf(GL_RED_SCALE, 0.5f);
    l->PixelTransferf(GL_BLUE_BIAS, 0.25f);
    l->WindowPos2i(60, 5);
    l->DrawPixels(10, 10, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
}

static void case_depth_test(px_api *l, rec *r)
{
    (void)r;
    static GLubyte rgba[40][60][4];
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 60; x++) {
            rgba[y][x][0] = (GLubyte)(255 - x * 4);
            rgba[y][x][1] = 40;
            rgba[y][x][2] = (GLubyte)(y * 6);
            rgba[y][x][3] = 255;
        }
    l->Enable(GL_DEPTH_TEST);
    l->DepthFunc(GL_LESS);
    tri(l, 0.0f);                        /* window depth 0.5 */
    l->RasterPos3f(5.0f, 10.0f, -50.0f); /* in front: window depth 0.25 */
    l->DrawPixels(60, 20, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    /* behind: window depth 0.75; fractional, so that no pixel centre lies on
     * a zoomed texel's edge (which texel takes it is the implementation's) */
    l->RasterPos3f(20.3f, 35.2f, 50.0f);
    l->PixelZoom(1.0f, 1.6f);
    l->DrawPixels(60, 25, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

static void case_blend(px_api *l, rec *r)
{
    (void)r;
    static GLubyte rgba[32][32][4];
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            rgba[y][x][0] = 250;
            rgba[y][x][1] = (GLubyte)(x * 8);
            rgba[y][x][2] = 30;
            rgba[y][x][3] = (GLubyte)(y * 8);
        }
    tri(l, 0.0f);
    l->Enable(GL_BLEND);
    l->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    l->WindowPos2i(20, 20);
    l->PixelZoom(2.0f, 1.6f);
    l->DrawPixels(32, 32, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    l->Disable(GL_BLEND);
    l->Enable(GL_ALPHA_TEST);
    l->AlphaFunc(GL_GREATER, 0.55f); /* no texel exactly at the reference */
    l->PixelZoom(1.0f, 1.0f);
    l->WindowPos2i(2, 40);
    l->DrawPixels(32, 32, GL_BGRA, GL_UNSIGNED_BYTE, rgba);
    l->Disable(GL_ALPHA_TEST);
    /* scissored */
    l->Enable(GL_SCISSOR_TEST);
    l->Scissor(60, 0, 20, 30);
    l->WindowPos2i(55, 5);
    l->DrawPixels(32, 32, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    l->Disable(GL_SCISSOR_TEST);
}

static void case_depth(px_api *l, rec *r)
{
    static GLfloat depth[40][50];
    static GLushort depth16[20][30];
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 50; x++)
            depth[y][x] = (x + y) / 100.0f;
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 30; x++)
            depth16[y][x] = (GLushort)(65535 - x * 2000);
    l->Enable(GL_DEPTH_TEST);
    l->DepthFunc(GL_ALWAYS);
    l->Color4f(1.0f, 0.5f, 0.0f, 1.0f);
    l->WindowPos2i(0, 0);
    l->DrawPixels(50, 40, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    l->Color4f(0.0f, 0.3f, 1.0f, 1.0f);
    l->WindowPos3f(40.3f, 30.2f, 0.0f);
    l->PixelZoom(1.4f, 2.0f);
    l->DrawPixels(30, 20, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, depth16);
    record_depth(l, r);
    /* the depth test now reads what the rectangles wrote */
    l->DepthFunc(GL_LESS);
    tri(l, 0.0f);
    record_depth(l, r);
}

/* An 8 x 10 glyph per letter, rows bottom-up, MSB first. */
static void glyph(int c, GLubyte g[10])
{
    for (int row = 0; row < 10; row++) {
        unsigned v = (unsigned)(c * 37 + row * 11);
        g[row] = (GLubyte)((v * 2654435761u) >> 24);
        if (row == 0 || row == 9)
            g[row] = (GLubyte)(c & 1 ? 0x7E : 0x3C);
    }
}

static void case_bitmap(px_api *l, rec *r)
{
    tri(l, 0.0f);
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    l->Color3f(1.0f, 1.0f, 0.2f);
    l->RasterPos2i(3, 60);
    for (int c = 0; c < 10; c++) {
        GLubyte g[10];
        glyph(c, g);
        l->Bitmap(8, 10, 0.0f, 0.0f, 9.0f, 0.0f, g);
    }
    record_raster(l, r);
    /* the raster colour is latched by glRasterPos, not by glColor */
    l->Color3f(0.0f, 0.0f, 1.0f);
    l->Bitmap(0, 0, 0.0f, 0.0f, -90.0f, -15.0f, NULL); /* moves only */
    for (int c = 0; c < 10; c++) {
        GLubyte g[10];
        glyph(c + 10, g);
        l->Bitmap(8, 10, 1.5f, 2.0f, 8.5f, 0.25f, g);
    }
    record_raster(l, r);
    /* LSB first, a row length and skips */
    l->PixelStorei(GL_UNPACK_LSB_FIRST, 1);
    l->PixelStorei(GL_UNPACK_ROW_LENGTH, 24);
    l->PixelStorei(GL_UNPACK_SKIP_PIXELS, 3);
    l->PixelStorei(GL_UNPACK_SKIP_ROWS, 2);
    GLubyte big[3 * 20];
    for (int i = 0; i < 60; i++)
        big[i] = (GLubyte)(i * 53 + 7);
    l->Color3f(1.0f, 0.3f, 0.3f);
    l->RasterPos2i(10, 10);
    l->Bitmap(17, 15, 0.0f, 0.0f, 20.0f, 0.0f, big);
    l->PixelStorei(GL_UNPACK_LSB_FIRST, 0);
    l->Bitmap(17, 15, 0.0f, 0.0f, 0.0f, 0.0f, big);
    record_raster(l, r);
    /* an invalid raster position: nothing drawn */
    l->RasterPos3f(10.0f, 10.0f, 500.0f);
    record_raster(l, r);
    l->Bitmap(17, 15, 0.0f, 0.0f, 5.0f, 5.0f, big);
    record_raster(l, r);
}

/* A font as display lists (one glBitmap each, compiled under LSB_FIRST and
 * alignment 1; the lists keep the unpacked bitmaps), called with
 * glCallLists under other unpack state; glDrawPixels of colour, depth and
 * stencil compiled into a list and called under other state; GL_COMPILE draws nothing. */
static void case_bitmap_list(px_api *l, rec *r)
{
    tri(l, 0.0f);
    GLuint base = l->GenLists(16);
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    l->PixelStorei(GL_UNPACK_LSB_FIRST, 1);
    l->RasterPos2i(3, 3);
    for (int c = 0; c < 16; c++) {
        GLubyte g[10];
        glyph(c + 3, g);
        l->NewList(base + (GLuint)c, GL_COMPILE);
        l->Bitmap(8, 10, 0.0f, 0.0f, 9.0f, 0.0f, g);
        l->EndList();
    }
    record_raster(l, r); /* not moved by the compiles */
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 4);
    l->PixelStorei(GL_UNPACK_LSB_FIRST, 0);
    l->Color3f(0.3f, 1.0f, 1.0f);
    l->RasterPos2i(4, 50);
    l->ListBase(base);
    static const GLubyte text[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    l->CallLists(10, GL_UNSIGNED_BYTE, text);
    record_raster(l, r);
    l->Color3f(1.0f, 0.3f, 1.0f);
    l->RasterPos2i(10, 30);
    l->CallLists(10, GL_UNSIGNED_BYTE, text);
    /* compile and execute (a 10-byte glyph needs alignment 1) */
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    GLubyte g[10];
    glyph(40, g);
    l->RasterPos2i(60, 10);
    GLuint one = l->GenLists(1);
    l->NewList(one, GL_COMPILE_AND_EXECUTE);
    l->Bitmap(8, 10, 0.0f, 0.0f, 12.0f, 3.0f, g);
    l->EndList();
    l->CallList(one);
    record_raster(l, r);
}

static void show_stencil(px_api *l, rec *r);

/* glDrawPixels compiled into lists (colour with a row length and the
 * pixel transfer, depth, stencil) keeps the image as unpacked with the
 * pixel store state of the compile; the pixel transfer is the call's
 * (server state, as llvmpipe). */
static void case_pixels_list(px_api *l, rec *r)
{
    static GLubyte rgba[20][24][4];
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 24; x++) {
            rgba[y][x][0] = (GLubyte)(x * 10);
            rgba[y][x][1] = (GLubyte)(y * 12);
            rgba[y][x][2] = 200;
            rgba[y][x][3] = 255;
        }
    static GLfloat depth[16][16];
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            depth[y][x] = (x * 16 + y) / 300.0f;
    static GLubyte st[10][12];
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 12; x++)
            st[y][x] = (GLubyte)(x * 20 + y);
    GLuint list = l->GenLists(1);
    l->PixelStorei(GL_UNPACK_ROW_LENGTH, 24);
    l->PixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
    l->PixelTransferf(GL_GREEN_SCALE, 0.5f);
    l->WindowPos2i(2, 2);
    l->NewList(list, GL_COMPILE);
    l->DrawPixels(16, 20, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    /* glPixelStore is not compiled but executed: the depth and stencil
     * images below are unpacked tightly (their arrays are 16 and 12 wide). */
    l->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    l->PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    l->PixelZoom(2.0f, 1.0f);
    l->DrawPixels(16, 16, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    l->PixelZoom(1.0f, 1.0f);
    l->DrawPixels(12, 10, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    l->EndList();
    l->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    l->PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    l->PixelTransferf(GL_GREEN_SCALE, 1.0f);
    l->PixelZoom(1.0f, 1.0f);
    l->Enable(GL_DEPTH_TEST);
    l->DepthFunc(GL_ALWAYS);
    l->Color3f(1.0f, 1.0f, 0.0f);
    l->WindowPos2i(40, 30);
    l->CallList(list);
    l->WindowPos2i(10, 45);
    l->CallList(list);
    record_depth(l, r);
    l->Disable(GL_DEPTH_TEST);
    show_stencil(l, r);
}

static void case_copy(px_api *l, rec *r)
{
    l->Enable(GL_DEPTH_TEST);
    tri(l, -20.0f);
    static GLubyte rgba[30][30][4];
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 30; x++) {
            rgba[y][x][0] = (GLubyte)(x * 8);
            rgba[y][x][1] = (GLubyte)(y * 8);
            rgba[y][x][2] = (GLubyte)(((x / 4) ^ (y / 4)) & 1 ? 255 : 0);
            rgba[y][x][3] = 255;
        }
    l->Disable(GL_DEPTH_TEST);
    l->WindowPos2i(5, 5);
    l->DrawPixels(30, 30, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    /* overlapping: source (5,5)-(35,35), destination starts at (15, 12) */
    l->WindowPos2i(15, 12);
    l->CopyPixels(5, 5, 30, 30, GL_COLOR);
    /* zoomed and with the pixel transfer */
    l->PixelTransferf(GL_GREEN_SCALE, 0.5f);
    l->PixelTransferf(GL_RED_BIAS, 0.2f);
    l->PixelZoom(1.4f, -1.0f);
    l->WindowPos3f(50.3f, 75.0f, 0.0f);
    l->CopyPixels(10, 10, 25, 25, GL_COLOR);
    l->PixelTransferf(GL_GREEN_SCALE, 1.0f);
    l->PixelTransferf(GL_RED_BIAS, 0.0f);
    l->PixelZoom(1.0f, 1.0f);
    /* depth: copy the triangle's depth to the right */
    l->Enable(GL_DEPTH_TEST);
    l->DepthFunc(GL_ALWAYS);
    l->Color3f(1.0f, 0.0f, 1.0f);
    l->WindowPos2i(50, 0);
    l->CopyPixels(20, 10, 40, 30, GL_DEPTH);
    record_depth(l, r);
}

/* Stencil at a few pixels and the stencil shown as colours. */
static void show_stencil(px_api *l, rec *r)
{
    static const int pts[][2] = {{5, 5}, {12, 9}, {30, 25}, {47, 40}, {61, 50}, {80, 70}, {33, 60}};
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        GLubyte st = 0;
        l->ReadPixels(pts[i][0], pts[i][1], 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st);
        put(r, st);
    }
    l->StencilMask(0);
    l->Enable(GL_STENCIL_TEST);
    for (int k = 0; k < 8; k++) {
        l->StencilFunc(GL_EQUAL, 1 << k, 1u << k);
        l->Color3f(k & 1 ? 1.0f : 0.2f, k & 2 ? 1.0f : 0.3f, k & 4 ? 1.0f : 0.1f);
        l->Rectf((float)(k * 12), 0.0f, (float)(k * 12 + 12), (float)H);
    }
    l->Disable(GL_STENCIL_TEST);
}

static void case_stencil(px_api *l, rec *r)
{
    static GLubyte st[30][40];
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 40; x++)
            st[y][x] = (GLubyte)(x * 7 + y * 13);
    static GLuint ds[20][24];
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 24; x++)
            ds[y][x] = ((GLuint)((x * 40000 + y * 3000) & 0xffffff) << 8) | (GLuint)(x * 11 + y);
    l->Enable(GL_DEPTH_TEST); /* does not apply to stencil rectangles */
    l->DepthFunc(GL_NEVER);
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    l->StencilMask(0x7f);
    l->WindowPos2i(3, 4);
    l->DrawPixels(40, 30, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    l->StencilMask(0xff);
    l->PixelZoom(1.4f, 2.0f);
    l->WindowPos2i(50, 30);
    l->DepthFunc(GL_ALWAYS);
    l->DrawPixels(24, 20, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds);
    l->PixelZoom(1.0f, 1.0f);
    record_depth(l, r);
    /* overlapping copy of the stencil */
    l->WindowPos2i(10, 20);
    l->CopyPixels(3, 4, 40, 30, GL_STENCIL);
    /* depth and stencil together (EXT_packed_depth_stencil) */
    l->WindowPos2i(36, 38);
    l->CopyPixels(50, 30, 30, 30, GL_DEPTH_STENCIL);
    record_depth(l, r);
    l->Disable(GL_DEPTH_TEST);
    show_stencil(l, r);
}

/* The errors the spec names for bad arguments (each recorded), and no
 * draw from them. */
static void case_errors(px_api *l, rec *r)
{
    static GLubyte buf[64];
    l->WindowPos2i(10, 10);
    l->DrawPixels(-1, 2, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    put(r, (float)l->GetError()); /* GL_INVALID_VALUE */
    l->DrawPixels(2, 2, 0x1234, GL_UNSIGNED_BYTE, buf);
    put(r, (float)l->GetError()); /* GL_INVALID_ENUM */
    l->DrawPixels(2, 2, GL_RGBA, 0x1234, buf);
    put(r, (float)l->GetError()); /* GL_INVALID_ENUM */
    l->DrawPixels(2, 2, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, buf);
    put(r, (float)l->GetError()); /* GL_INVALID_OPERATION */
    l->Bitmap(-1, 2, 0.0f, 0.0f, 1.0f, 1.0f, buf);
    put(r, (float)l->GetError()); /* GL_INVALID_VALUE */
    record_raster(l, r);          /* not moved */
    l->CopyPixels(0, 0, 2, 2, 0x1234);
    put(r, (float)l->GetError()); /* GL_INVALID_ENUM */
    l->CopyPixels(0, 0, -1, 2, GL_COLOR);
    put(r, (float)l->GetError()); /* GL_INVALID_VALUE */
    l->Begin(GL_POINTS);
    l->DrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    l->End();
    put(r, (float)l->GetError()); /* GL_INVALID_OPERATION */
    l->Begin(GL_POINTS);
    l->Bitmap(0, 0, 0.0f, 0.0f, 1.0f, 1.0f, NULL);
    l->End();
    put(r, (float)l->GetError()); /* GL_INVALID_OPERATION */
    record_raster(l, r);
}

typedef struct px_case {
    const char *name;
    double min_psnr;
    void (*fn)(px_api *l, rec *r);
} px_case;

static const px_case cases[] = {
    {"color", 40.0, case_color},     {"depthtest", 40.0, case_depth_test},
    {"blend", 36.0, case_blend},     {"depth", 40.0, case_depth},
    {"bitmap", 40.0, case_bitmap},   {"bitmaplist", 40.0, case_bitmap_list},
    {"copy", 38.0, case_copy},       {"pixelslist", 40.0, case_pixels_list},
    {"stencil", 40.0, case_stencil},   {"errors", 99.0, case_errors},
};

static bool render(glc_api *g, px_api *l, const px_case *c, uint8_t *out, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.05f, 0.05f, 0.1f, 1.0f);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    l->MatrixMode(GL_PROJECTION);
    l->LoadIdentity();
    l->Ortho(0, W, 0, H, -100, 100);
    l->MatrixMode(GL_MODELVIEW);
    l->LoadIdentity();
    r->n = 0;
    c->fn(l, r);
    g->Finish();
    GLenum e = g->GetError();
    bool ok = e == GL_NO_ERROR;
    if (!ok)
        fprintf(stderr, "%s: %s: GL error 0x%x\n", g->path, c->name, e);
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

static void dump(const char *dir, const char *name, const char *who, const uint8_t *img)
{
    char path[512];
    snprintf(path, sizeof path, "%s/pixels-%s-%s.png", dir, name, who);
    if (!glc_write_png(path, img, W, H))
        fprintf(stderr, "cannot write %s\n", path);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>] [case ...]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    px_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !px_open(&lswr, &swr) ||
        !px_open(&lref, &ref))
        return 1;
    const char *dir = getenv("SWR_GLC_DUMP");
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    static rec ra, rb;
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const px_case *c = &cases[i];
        bool sel = argc <= 3;
        for (int k = 3; k < argc; k++)
            sel |= strcmp(argv[k], c->name) == 0;
        if (!sel)
            continue;
        bool ok_swr = render(&swr, &lswr, c, a, &ra);
        bool ok_ref = render(&ref, &lref, c, b, &rb);
        int bad = ra.n == rb.n ? 0 : 1;
        for (int k = 0; k < ra.n && k < rb.n; k++)
            if (!(fabsf(ra.v[k] - rb.v[k]) <= 1e-4f * fmaxf(1.0f, fabsf(rb.v[k])))) {
                fprintf(stderr, "  %s: state value %d: swr %g, llvmpipe %g\n", c->name, k, ra.v[k],
                        rb.v[k]);
                bad = 1;
            }
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        bool pass = ok_swr && ok_ref && psnr >= c->min_psnr && !bad;
        printf("%-10s %8.2f dB  max diff %3d  state %s  %s (bound %.0f dB)\n", c->name,
               isinf(psnr) ? 99.99 : psnr, md, bad ? "differs" : "equal", pass ? "ok" : "FAIL",
               c->min_psnr);
        if (dir || !pass) {
            dump(dir ? dir : ".", c->name, "swr", a);
            dump(dir ? dir : ".", c->name, "ref", b);
        }
        failed += !pass;
    }
    free(a);
    free(b);
    return failed ? 1 : 0;
}
