/*
 * gl_ff_key.h: the state keys of the fixed-function pipeline.
 *
 * GL 1.x-2.1's fixed-function vertex and fragment stages are TGSI programs
 * generated from these keys (gl_ff.h). A key holds exactly the GL state that
 * changes the generated code: which features are on and how they are
 * configured (light i enabled, directional or positional, spot, attenuated;
 * a texgen mode; a texture environment function ...). Values such as
 * matrices, colours, light positions, fog start/end are NOT in the key: the
 * shaders read them from constants (gl_ff_state.h), so changing them costs a
 * constant-buffer update, never a new shader.
 *
 * Keys are plain fixed-size structs of bytes, hashed and compared as bytes
 * (gl_ff_key_hash, memcmp). Whoever fills one must memset it to zero first
 * and write only the fields the GL state sets; gl_ff_*_key_canonicalize()
 * then also clears the fields that cannot change the code in that
 * configuration (a disabled unit's combine state, a light's bits when
 * lighting is off, ...), so that equal programs get equal keys and the
 * cache (gl_ff.h) hits. The generators give the same program for a key and
 * its canonical form.
 *
 * Every enum below is this part's own compact numbering, not GL's; the GL
 * frontend translates (GL_EYE_LINEAR -> GL_FF_TEXGEN_EYE_LINEAR ...).
 * Zero is always the GL default where GL has one.
 *
 * Who decides what (read before filling a key):
 *  - Alpha test, flat shading, point sprites (COORD_REPLACE), texture LOD
 *    bias, two-sided colour selection, polygon stipple and the final
 *    fragment colour clamp are pipe state, not shader code: the engine does
 *    the alpha test (pipe_depth_stencil_alpha_state.alpha), COLOR inputs use
 *    TGSI_INTERPOLATE_COLOR so flatshade decides, the rasterizer's
 *    sprite_coord_enable replaces GENERIC[u], the sampler's lod_bias adds the
 *    bias, and with rasterizer light_twoside the pipe feeds COLOR[k] inputs
 *    from the VS's BCOLOR[k] on back faces (swrp_shader_link). So the
 *    fragment key has no two-sided bit: the vertex key's two_side makes the
 *    VS write BCOLOR, and the GL part sets light_twoside.
 *  - Vertex colour clamping (GL 2.1 2.14.6, ARB_color_buffer_float's
 *    CLAMP_VERTEX_COLOR) is clamp_color here, done by the last instruction
 *    writing each colour: the GL part then leaves the pipe's clamp off.
 *  - Current attribute values (glColor outside an array, glNormal between
 *    vertices ...): either the GL part feeds them as a vertex attribute (a
 *    zero-stride vertex element; the simplest and always right, also in
 *    immediate mode, where each vertex carries its attributes anyway), or it
 *    sets const_attribs bit a and fills GL_FF_SV_CURRENT_ATTRIB a: then the
 *    shader reads a constant, declares no input for it, and the jitter's
 *    preamble (jit.h) hoists everything that depends only on it (a constant
 *    normal's transform, normalisation and lighting dot products) out of the
 *    per-vertex code. Use the constant form for attributes that are constant
 *    for a whole draw (no array enabled), the attribute form for glBegin/End
 *    batches where they change per vertex.
 */
#ifndef SWR_GL_FF_KEY_H
#define SWR_GL_FF_KEY_H

#include <stddef.h>
#include <stdint.h>

#define GL_FF_MAX_LIGHTS        8 /* GL_MAX_LIGHTS */
#define GL_FF_MAX_TEXTURE_UNITS 8 /* GL_MAX_TEXTURE_UNITS (coordinates and environments) */
#define GL_FF_MAX_CLIP_PLANES   8 /* GL_MAX_CLIP_PLANES */

/* The vertex attributes of the fixed-function vertex stage. */
typedef enum gl_ff_attrib {
    GL_FF_ATTRIB_POSITION,  /* gl_Vertex */
    GL_FF_ATTRIB_NORMAL,    /* gl_Normal */
    GL_FF_ATTRIB_COLOR0,    /* gl_Color */
    GL_FF_ATTRIB_COLOR1,    /* gl_SecondaryColor */
    GL_FF_ATTRIB_FOGCOORD,  /* gl_FogCoord (x) */
    GL_FF_ATTRIB_TEXCOORD0, /* gl_MultiTexCoord0 .. 7 */
    GL_FF_ATTRIB_COUNT = GL_FF_ATTRIB_TEXCOORD0 + GL_FF_MAX_TEXTURE_UNITS
} gl_ff_attrib;

/* Faces, as bit masks (material and colour-material faces). */
#define GL_FF_FACE_FRONT 0x1u
#define GL_FF_FACE_BACK  0x2u

/* glColorMaterial's mode; NONE when GL_COLOR_MATERIAL is disabled. */
typedef enum gl_ff_color_material {
    GL_FF_CM_NONE,
    GL_FF_CM_EMISSION,
    GL_FF_CM_AMBIENT,
    GL_FF_CM_DIFFUSE,
    GL_FF_CM_SPECULAR,
    GL_FF_CM_AMBIENT_AND_DIFFUSE,
} gl_ff_color_material;

/* glTexGen mode of one coordinate; OFF when GL_TEXTURE_GEN_x is disabled.
 * SPHERE_MAP is valid for S and T only, NORMAL_MAP and REFLECTION_MAP for
 * S, T and R (GL gives INVALID_ENUM otherwise); canonicalisation turns the
 * invalid ones into OFF. */
typedef enum gl_ff_texgen {
    GL_FF_TEXGEN_OFF,
    GL_FF_TEXGEN_OBJECT_LINEAR,
    GL_FF_TEXGEN_EYE_LINEAR,
    GL_FF_TEXGEN_SPHERE_MAP,
    GL_FF_TEXGEN_NORMAL_MAP,
    GL_FF_TEXGEN_REFLECTION_MAP,
} gl_ff_texgen;

#define GL_FF_TEXGEN_BITS 3 /* per coordinate in gl_ff_vs_key.texgen[u] */
/* The mode of coordinate c (0 S, 1 T, 2 R, 3 Q) of a texgen word, and a word
 * with it set. */
#define GL_FF_TEXGEN_GET(word, c) (((unsigned)(word) >> ((c)*GL_FF_TEXGEN_BITS)) & 7u)
#define GL_FF_TEXGEN_SET(word, c, mode)                                                            \
    ((uint16_t)(((word) & ~(7u << ((c)*GL_FF_TEXGEN_BITS))) |                                      \
                ((unsigned)(mode) << ((c)*GL_FF_TEXGEN_BITS))))

/* Where the fog coordinate the vertex stage writes (OUT FOG.x) comes from.
 * NONE: no FOG output (fog off, or the fragment stage does not read it). */
typedef enum gl_ff_fog_source {
    GL_FF_FOG_SOURCE_NONE,
    GL_FF_FOG_SOURCE_FOGCOORD, /* GL_FOG_COORD: the attribute as given */
    GL_FF_FOG_SOURCE_DEPTH,  /* GL_FRAGMENT_DEPTH: |z_eye|, the approximation GL 2.1 3.10 allows */
    GL_FF_FOG_SOURCE_RADIAL, /* NV_fog_distance EYE_RADIAL: |eye position| */
} gl_ff_fog_source;

/*
 * The vertex stage. Lighting per GL 2.1 2.14.1, texgen per 2.12.4, clipping
 * in eye space per 2.12, points per 3.4 (ARB_point_parameters), fog
 * coordinate per 3.10. Bit i of a light mask is GL_LIGHTi; bit u of a unit
 * mask is texture unit u.
 */
typedef struct gl_ff_vs_key {
    uint8_t lighting;          /* GL_LIGHTING */
    uint8_t light_enabled;     /* GL_LIGHTi enabled */
    uint8_t light_positional;  /* position w != 0 (else directional) */
    uint8_t light_spot;        /* GL_SPOT_CUTOFF != 180 */
    uint8_t light_attenuated;  /* positional and attenuation != (1, 0, 0) */
    uint8_t local_viewer;      /* GL_LIGHT_MODEL_LOCAL_VIEWER */
    uint8_t two_side;          /* GL_LIGHT_MODEL_TWO_SIDE: BCOLOR outputs from the back material */
    uint8_t separate_specular; /* GL_LIGHT_MODEL_COLOR_CONTROL = GL_SEPARATE_SPECULAR_COLOR */
    uint8_t color_material;    /* gl_ff_color_material */
    uint8_t color_material_faces; /* GL_FF_FACE_* the colour material applies to */
    /* Optional speed-up: GL_FF_FACE_* bits of faces whose material specular
     * RGB is zero (and not tracking the colour), so every specular term is
     * zero and no half vector or power is computed. A value-dependent bit,
     * like Mesa's shininess-is-zero: leave 0 to always get general code. */
    uint8_t specular_zero;
    uint8_t normalize;         /* GL_NORMALIZE */
    uint8_t rescale_normal;    /* GL_RESCALE_NORMAL (ignored when normalize is set) */
    uint8_t fog_source;        /* gl_ff_fog_source */
    uint8_t point_attenuation; /* GL_POINT_DISTANCE_ATTENUATION != (1, 0, 0): writes PSIZE */
    uint8_t clip_planes;       /* GL_CLIP_PLANEi enabled: writes CLIPDIST[0] (0-3), [1] (4-7) */
    uint8_t texcoord_out;      /* units whose coordinates the fragment stage reads: GENERIC[u] */
    uint8_t texmat;            /* units whose texture matrix is not the identity */
    uint8_t clamp_color;       /* clamp the colour outputs to [0, 1] (GL 2.1 always) */
    uint8_t secondary_out;     /* the fragment stage reads the secondary colour: COLOR[1] */
    uint16_t texgen[GL_FF_MAX_TEXTURE_UNITS]; /* gl_ff_texgen per coordinate, GL_FF_TEXGEN_GET */
    uint16_t const_attribs; /* bit a (gl_ff_attrib): read GL_FF_SV_CURRENT_ATTRIB a, not an input */
    uint8_t reserved[2];
} gl_ff_vs_key;

/* ---- fragment stage --------------------------------------------------------- */

/* A unit's texture target (its highest-priority enabled target, GL 2.1
 * 3.8.16); NONE: the unit is disabled. The SHADOW targets are depth
 * textures with GL_TEXTURE_COMPARE_MODE = GL_COMPARE_R_TO_TEXTURE: the
 * reference is r/q, the result is treated as the base format the depth
 * texture mode gives (LUMINANCE, INTENSITY or ALPHA). */
typedef enum gl_ff_tex_target {
    GL_FF_TEX_NONE,
    GL_FF_TEX_1D,
    GL_FF_TEX_2D,
    GL_FF_TEX_3D,
    GL_FF_TEX_CUBE,
    GL_FF_TEX_RECT,
    GL_FF_TEX_SHADOW1D,
    GL_FF_TEX_SHADOW2D,
    GL_FF_TEX_SHADOWRECT,
    GL_FF_TEX_TARGET_COUNT
} gl_ff_tex_target;

/* GL_TEXTURE_ENV_MODE. */
typedef enum gl_ff_env_mode {
    GL_FF_ENV_MODULATE,
    GL_FF_ENV_REPLACE,
    GL_FF_ENV_DECAL,
    GL_FF_ENV_BLEND,
    GL_FF_ENV_ADD,
    GL_FF_ENV_COMBINE,     /* ARB_texture_env_combine (+ crossbar, dot3, ATI combine3) */
    GL_FF_ENV_COMBINE4_NV, /* NV_texture_env_combine4 */
    GL_FF_ENV_MODE_COUNT
} gl_ff_env_mode;

/* The base internal format of the unit's texture (GL 2.1 table 3.15): the
 * sampler returns it as RGBA (ALPHA as (0,0,0,A), LUMINANCE as (L,L,L,1),
 * LUMINANCE_ALPHA as (L,L,L,A), INTENSITY as (I,I,I,I), RGB as (R,G,B,1));
 * the classic environment modes of tables 3.22/3.23 depend on it. */
typedef enum gl_ff_base_format {
    GL_FF_FORMAT_RGBA,
    GL_FF_FORMAT_RGB,
    GL_FF_FORMAT_ALPHA,
    GL_FF_FORMAT_LUMINANCE,
    GL_FF_FORMAT_LUMINANCE_ALPHA,
    GL_FF_FORMAT_INTENSITY,
    GL_FF_FORMAT_COUNT
} gl_ff_base_format;

/* GL_COMBINE_RGB / GL_COMBINE_ALPHA (GL 2.1 table 3.24, ATI_texture_env_
 * combine3's three MODULATE_*). Under COMBINE4_NV, ADD is a0*a1 + a2*a3 and
 * ADD_SIGNED a0*a1 + a2*a3 - 0.5; the others mean what they mean under
 * COMBINE. DOT3_* are RGB functions (as alpha functions they read as
 * REPLACE); DOT3_RGBA writes alpha too and the alpha function is unused. */
typedef enum gl_ff_combine {
    GL_FF_COMBINE_REPLACE,
    GL_FF_COMBINE_MODULATE,
    GL_FF_COMBINE_ADD,
    GL_FF_COMBINE_ADD_SIGNED,
    GL_FF_COMBINE_INTERPOLATE,
    GL_FF_COMBINE_SUBTRACT,
    GL_FF_COMBINE_DOT3_RGB,
    GL_FF_COMBINE_DOT3_RGBA,
    GL_FF_COMBINE_MODULATE_ADD,        /* ATI: a0*a2 + a1 */
    GL_FF_COMBINE_MODULATE_SIGNED_ADD, /* ATI: a0*a2 + a1 - 0.5 */
    GL_FF_COMBINE_MODULATE_SUBTRACT,   /* ATI: a0*a2 - a1 */
    GL_FF_COMBINE_COUNT
} gl_ff_combine;

/* GL_SRCn_RGB / GL_SRCn_ALPHA. TEXTUREn (ARB_texture_env_crossbar) is
 * GL_FF_SRC_TEXTURE0 + n; a crossbar read of a disabled unit gives (0,0,0,0)
 * (GL leaves it undefined). ZERO and ONE: NV_texture_env_combine4 and ATI. */
typedef enum gl_ff_combine_src {
    GL_FF_SRC_TEXTURE,
    GL_FF_SRC_CONSTANT,
    GL_FF_SRC_PRIMARY_COLOR,
    GL_FF_SRC_PREVIOUS,
    GL_FF_SRC_ZERO,
    GL_FF_SRC_ONE,
    GL_FF_SRC_TEXTURE0,
    GL_FF_SRC_COUNT = GL_FF_SRC_TEXTURE0 + GL_FF_MAX_TEXTURE_UNITS
} gl_ff_combine_src;

/* GL_OPERANDn_RGB / GL_OPERANDn_ALPHA (alpha operands use the two ALPHA
 * values; a COLOR operand for alpha reads as the matching ALPHA one). */
typedef enum gl_ff_operand {
    GL_FF_OP_SRC_COLOR,
    GL_FF_OP_ONE_MINUS_SRC_COLOR,
    GL_FF_OP_SRC_ALPHA,
    GL_FF_OP_ONE_MINUS_SRC_ALPHA,
} gl_ff_operand;

typedef struct gl_ff_fs_unit {
    uint8_t target;      /* gl_ff_tex_target; NONE = unit disabled */
    uint8_t mode;        /* gl_ff_env_mode */
    uint8_t format;      /* gl_ff_base_format (classic modes only) */
    uint8_t combine_rgb; /* gl_ff_combine (COMBINE modes only, as all below) */
    uint8_t combine_alpha;
    uint8_t scale_rgb;   /* log2 of GL_RGB_SCALE: 0, 1, 2 */
    uint8_t scale_alpha; /* log2 of GL_ALPHA_SCALE */
    uint8_t reserved;
    uint8_t src_rgb[4], src_alpha[4]; /* gl_ff_combine_src; [3] only for COMBINE4_NV */
    uint8_t op_rgb[4], op_alpha[4];   /* gl_ff_operand */
} gl_ff_fs_unit;

/* GL_FOG_MODE when fog is on. */
typedef enum gl_ff_fog_mode {
    GL_FF_FOG_OFF,
    GL_FF_FOG_LINEAR,
    GL_FF_FOG_EXP,
    GL_FF_FOG_EXP2,
} gl_ff_fog_mode;

/*
 * The fragment stage: texture environments per GL 2.1 3.8.13 on every
 * enabled unit in order, colour sum per 3.9, fog per 3.10. color_sum is
 * GL_COLOR_SUM, or lighting enabled without a vertex shader (3.9: "the
 * color sum stage is always applied" then). The output is COLOR with
 * FS_COLOR0_WRITES_ALL_CBUFS (the fixed-function colour goes to every draw
 * buffer).
 */
typedef struct gl_ff_fs_key {
    gl_ff_fs_unit unit[GL_FF_MAX_TEXTURE_UNITS];
    uint8_t color_sum; /* add the secondary colour (IN COLOR[1]) */
    uint8_t fog_mode;  /* gl_ff_fog_mode; reads IN FOG.x (the vertex stage's fog coordinate) */
    uint8_t reserved[6];
} gl_ff_fs_key;

/* Both sizes are multiples of 8 (the hash reads 64-bit words). */
_Static_assert(sizeof(gl_ff_vs_key) % 8 == 0, "gl_ff_vs_key size");
_Static_assert(sizeof(gl_ff_fs_key) % 8 == 0, "gl_ff_fs_key size");

/* Clears every field that does not change the generated code for the rest
 * of the key, and maps invalid combinations to what the generator does with
 * them (texgen modes a coordinate does not allow -> OFF, combine sources
 * past a function's arity -> 0 ...). Idempotent. */
void gl_ff_vs_key_canonicalize(gl_ff_vs_key *key);
void gl_ff_fs_key_canonicalize(gl_ff_fs_key *key);

/* What a fragment key reads from the vertex stage: texture coordinate
 * units (bit u: GENERIC[u]), whether the secondary colour and the fog
 * coordinate; for filling gl_ff_vs_key.texcoord_out / secondary_out /
 * fog_source when the fixed-function fragment stage is in use. */
typedef struct gl_ff_fs_reads {
    uint8_t texcoords;
    uint8_t secondary;
    uint8_t fog;
} gl_ff_fs_reads;
gl_ff_fs_reads gl_ff_fs_key_reads(const gl_ff_fs_key *key);

/* 64-bit hash of a key (any size that is a multiple of 8 bytes): a
 * multiply-xorshift over 64-bit words, about 1 ns per word. */
uint64_t gl_ff_key_hash(const void *key, size_t size);

#endif /* SWR_GL_FF_KEY_H */
