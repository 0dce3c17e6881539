/*
 * gl_uniform.c: uniform reflection, locations, glUniform* and glGetUniform*.
 *
 * In: the uniform table of a linked GLSL program (swr_glsl.h: one entry per
 * basic-typed uniform, struct members flattened, arrays as "a[0]" with a
 * size). Out: the executable's CONST[0] storage, one vec4 register per
 * scalar, vector, matrix column or array element, in the value conventions
 * of the generated code (floats, int32, uint32, bools as 0 / ~0), and the
 * texture units of its samplers (which take no register).
 *
 * A location is (uniform index << GLP_LOC_ELEMENT_BITS) | array element, so
 * glUniform* decodes it without a search. Built-in uniforms (gl_ names) are
 * reported by glGetActiveUniform but have no location; they start with GL's
 * default state (identity matrices, the default light and material ...)
 * and track the fixed part's values from the first draw on
 * (glp_uniforms_set_builtins, called by draw-time validation).
 *
 * Thread: the thread the context is current on.
 */
#include "frontend-gallium/gl/program/gl_program_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- types ---------------------------------------------------------------------------------- */

bool glp_type_info(GLenum type, glp_kind *kind, unsigned *cols, unsigned *rows)
{
    static const struct {
        GLenum type;
        uint8_t kind, cols, rows;
    } table[] = {
        {GL_FLOAT, GLP_FLOAT, 1, 1},          {GL_FLOAT_VEC2, GLP_FLOAT, 1, 2},
        {GL_FLOAT_VEC3, GLP_FLOAT, 1, 3},     {GL_FLOAT_VEC4, GLP_FLOAT, 1, 4},
        {GL_INT, GLP_INT, 1, 1},              {GL_INT_VEC2, GLP_INT, 1, 2},
        {GL_INT_VEC3, GLP_INT, 1, 3},         {GL_INT_VEC4, GLP_INT, 1, 4},
        {GL_UNSIGNED_INT, GLP_UINT, 1, 1},    {GL_UNSIGNED_INT_VEC2, GLP_UINT, 1, 2},
        {GL_UNSIGNED_INT_VEC3, GLP_UINT, 1, 3}, {GL_UNSIGNED_INT_VEC4, GLP_UINT, 1, 4},
        {GL_BOOL, GLP_BOOL, 1, 1},            {GL_BOOL_VEC2, GLP_BOOL, 1, 2},
        {GL_BOOL_VEC3, GLP_BOOL, 1, 3},       {GL_BOOL_VEC4, GLP_BOOL, 1, 4},
        {GL_FLOAT_MAT2, GLP_FLOAT, 2, 2},     {GL_FLOAT_MAT3, GLP_FLOAT, 3, 3},
        {GL_FLOAT_MAT4, GLP_FLOAT, 4, 4},     {GL_FLOAT_MAT2x3, GLP_FLOAT, 2, 3},
        {GL_FLOAT_MAT2x4, GLP_FLOAT, 2, 4},   {GL_FLOAT_MAT3x2, GLP_FLOAT, 3, 2},
        {GL_FLOAT_MAT3x4, GLP_FLOAT, 3, 4},   {GL_FLOAT_MAT4x2, GLP_FLOAT, 4, 2},
        {GL_FLOAT_MAT4x3, GLP_FLOAT, 4, 3},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].type == type) {
            *kind = (glp_kind)table[i].kind;
            *cols = table[i].cols;
            *rows = table[i].rows;
            return true;
        }
    }
    return false;
}

/* ---- built-in defaults ------------------------------------------------------------------------- */

/* GL's initial value of column `col` of a built-in uniform: `base` is the
 * name without subscripts ("gl_LightSource.diffuse"), `index` its first
 * subscript (light number), or the array element for arrays of basic types. */
static void builtin_default(const char *base, unsigned index, const glp_uniform *u, unsigned col,
                            float v[4])
{
    static const struct {
        const char *name;
        float v[4];
    } table[] = {
        {"gl_DepthRange.far", {1, 0, 0, 0}},
        {"gl_DepthRange.diff", {1, 0, 0, 0}},
        {"gl_Point.size", {1, 0, 0, 0}},
        {"gl_Point.sizeMax", {255, 0, 0, 0}},
        {"gl_Point.fadeThresholdSize", {1, 0, 0, 0}},
        {"gl_Point.distanceConstantAttenuation", {1, 0, 0, 0}},
        {"gl_FrontMaterial.ambient", {0.2f, 0.2f, 0.2f, 1}},
        {"gl_BackMaterial.ambient", {0.2f, 0.2f, 0.2f, 1}},
        {"gl_FrontMaterial.diffuse", {0.8f, 0.8f, 0.8f, 1}},
        {"gl_BackMaterial.diffuse", {0.8f, 0.8f, 0.8f, 1}},
        {"gl_FrontMaterial.specular", {0, 0, 0, 1}},
        {"gl_BackMaterial.specular", {0, 0, 0, 1}},
        {"gl_FrontMaterial.emission", {0, 0, 0, 1}},
        {"gl_BackMaterial.emission", {0, 0, 0, 1}},
        {"gl_LightSource.ambient", {0, 0, 0, 1}},
        {"gl_LightSource.position", {0, 0, 1, 0}},
        {"gl_LightSource.halfVector", {0, 0, 1, 0}},
        {"gl_LightSource.spotDirection", {0, 0, -1, 0}},
        {"gl_LightSource.spotCutoff", {180, 0, 0, 0}},
        {"gl_LightSource.spotCosCutoff", {-1, 0, 0, 0}},
        {"gl_LightSource.constantAttenuation", {1, 0, 0, 0}},
        {"gl_LightModel.ambient", {0.2f, 0.2f, 0.2f, 1}},
        /* emission + material ambient * light model ambient; alpha: diffuse */
        {"gl_FrontLightModelProduct.sceneColor", {0.04f, 0.04f, 0.04f, 1}},
        {"gl_BackLightModelProduct.sceneColor", {0.04f, 0.04f, 0.04f, 1}},
        {"gl_FrontLightProduct.ambient", {0, 0, 0, 1}},
        {"gl_BackLightProduct.ambient", {0, 0, 0, 1}},
        {"gl_FrontLightProduct.specular", {0, 0, 0, 1}},
        {"gl_BackLightProduct.specular", {0, 0, 0, 1}},
        {"gl_Fog.density", {1, 0, 0, 0}},
        {"gl_Fog.end", {1, 0, 0, 0}},
        {"gl_Fog.scale", {1, 0, 0, 0}},
        {"gl_EyePlaneS", {1, 0, 0, 0}},
        {"gl_EyePlaneT", {0, 1, 0, 0}},
        {"gl_ObjectPlaneS", {1, 0, 0, 0}},
        {"gl_ObjectPlaneT", {0, 1, 0, 0}},
    };
    memset(v, 0, 4 * sizeof *v);
    if (u->cols > 1) { /* every built-in matrix starts as the identity */
        if (col < 4)
            v[col] = 1.0f;
        return;
    }
    /* Light 0 is white, the others black (GL 2.1 table 6.10). */
    bool light0 = index == 0;
    if (!strcmp(base, "gl_LightSource.diffuse") || !strcmp(base, "gl_LightSource.specular")) {
        float c = light0 ? 1.0f : 0.0f;
        v[0] = v[1] = v[2] = c;
        v[3] = 1.0f;
        return;
    }
    if (!strcmp(base, "gl_FrontLightProduct.diffuse") || !strcmp(base, "gl_BackLightProduct.diffuse")) {
        float c = light0 ? 0.8f : 0.0f;
        v[0] = v[1] = v[2] = c;
        v[3] = 1.0f;
        return;
    }
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (!strcmp(table[i].name, base)) {
            memcpy(v, table[i].v, sizeof table[i].v);
            return;
        }
    }
}

/* "gl_LightSource[3].diffuse" -> "gl_LightSource.diffuse" and 3. */
static void strip_subscripts(const char *name, char *base, size_t size, unsigned *index)
{
    size_t o = 0;
    bool first = true;
    *index = 0;
    for (const char *p = name; *p && o + 1 < size; p++) {
        if (*p == '[') {
            unsigned k = (unsigned)strtoul(p + 1, NULL, 10);
            if (first)
                *index = k;
            first = false;
            while (*p && *p != ']')
                p++;
            if (!*p)
                break;
            continue;
        }
        base[o++] = *p;
    }
    base[o] = '\0';
}

static void fill_builtin(glp_exec *e, const glp_uniform *u)
{
    char base[128];
    unsigned index;
    strip_subscripts(u->name, base, sizeof base, &index);
    for (unsigned k = 0; k < u->array_size; k++) {
        for (unsigned c = 0; c < u->cols; c++) {
            unsigned reg = (unsigned)u->const_reg + k * u->regs_per_element + c;
            if (reg >= e->num_regs)
                continue;
            float v[4];
            builtin_default(base, u->is_array ? k : index, u, c, v);
            memcpy(e->storage + reg * 4, v, sizeof v);
        }
    }
}

/* ---- built-ins that track fixed-function state ------------------------------------------------- */

/* The fixed-function value of column `col` of element `k` of a built-in
 * uniform (`base` without subscripts, `index` its first subscript): a
 * state reference and the component a scalar takes (-1: the whole vec4).
 * False for names that track no fixed-function value (gl_DepthRange has
 * its own path). Matrices are stored by columns: column c of M is row c of
 * M's transpose. */
static bool builtin_ref(const char *base, unsigned index, unsigned col, gl_ff_state_ref *r,
                        int *comp)
{
    static const struct {
        const char *name;
        uint8_t matrix;
    } matrices[] = {
        {"gl_ModelViewMatrix", GL_FF_MATRIX_MODELVIEW},
        {"gl_ProjectionMatrix", GL_FF_MATRIX_PROJECTION},
        {"gl_ModelViewProjectionMatrix", GL_FF_MATRIX_MVP},
        {"gl_TextureMatrix", GL_FF_MATRIX_TEXTURE0},
    };
    static const struct {
        const char *suffix;
        uint8_t mod; /* the modifier whose rows are the wanted columns */
    } mods[] = {
        {"", GL_FF_MOD_TRANSPOSE},
        {"Inverse", GL_FF_MOD_INVTRANS},
        {"Transpose", GL_FF_MOD_NONE},
        {"InverseTranspose", GL_FF_MOD_INVERSE},
    };
    memset(r, 0, sizeof *r);
    *comp = -1;
    for (size_t m = 0; m < sizeof matrices / sizeof matrices[0]; m++) {
        size_t n = strlen(matrices[m].name);
        if (strncmp(base, matrices[m].name, n))
            continue;
        for (size_t k = 0; k < sizeof mods / sizeof mods[0]; k++) {
            if (strcmp(base + n, mods[k].suffix))
                continue;
            bool tex = matrices[m].matrix == GL_FF_MATRIX_TEXTURE0;
            if (tex && index >= GL_FF_MAX_TEXTURE_UNITS)
                return false;
            r->id = GL_FF_SV_MATRIX;
            r->index = (uint8_t)(matrices[m].matrix + (tex ? index : 0));
            r->sub = mods[k].mod;
            r->row = (uint8_t)col;
            return col < 4;
        }
    }
    if (!strcmp(base, "gl_NormalMatrix")) { /* (M^-1)^T: column c = row c of M^-1 */
        r->id = GL_FF_SV_MATRIX;
        r->index = GL_FF_MATRIX_MODELVIEW;
        r->sub = GL_FF_MOD_INVERSE;
        r->row = (uint8_t)col;
        return col < 3;
    }
    if (!strcmp(base, "gl_NormalScale")) {
        r->id = GL_FF_SV_NORMAL_SCALE;
        *comp = 0;
        return true;
    }
    static const struct {
        const char *name;
        uint8_t id;
        int8_t comp;
        uint8_t kind; /* 0: no index, 1: light, 2: face from the name, 3: unit, 4: unit+coord,
                         5: light product (light index, face from the name), 6: clip plane */
        uint8_t sub;
    } table[] = {
        {"gl_LightSource.ambient", GL_FF_SV_LIGHT_AMBIENT, -1, 1, 0},
        {"gl_LightSource.diffuse", GL_FF_SV_LIGHT_DIFFUSE, -1, 1, 0},
        {"gl_LightSource.specular", GL_FF_SV_LIGHT_SPECULAR, -1, 1, 0},
        {"gl_LightSource.position", GL_FF_SV_LIGHT_POSITION, -1, 1, 0},
        {"gl_LightSource.halfVector", GL_FF_SV_LIGHT_HALF_VECTOR, -1, 1, 0},
        {"gl_LightSource.spotDirection", GL_FF_SV_LIGHT_SPOT_DIRECTION, -1, 1, 0},
        {"gl_LightSource.spotExponent", GL_FF_SV_LIGHT_SPOT_PARAMS, 0, 1, 0},
        {"gl_LightSource.spotCutoff", GL_FF_SV_LIGHT_SPOT_PARAMS, 1, 1, 0},
        {"gl_LightSource.spotCosCutoff", GL_FF_SV_LIGHT_SPOT_PARAMS, 2, 1, 0},
        {"gl_LightSource.constantAttenuation", GL_FF_SV_LIGHT_ATTENUATION, 0, 1, 0},
        {"gl_LightSource.linearAttenuation", GL_FF_SV_LIGHT_ATTENUATION, 1, 1, 0},
        {"gl_LightSource.quadraticAttenuation", GL_FF_SV_LIGHT_ATTENUATION, 2, 1, 0},
        {"gl_LightModel.ambient", GL_FF_SV_LIGHTMODEL_AMBIENT, -1, 0, 0},
        {"gl_FrontLightModelProduct.sceneColor", GL_FF_SV_LIGHTMODEL_SCENECOLOR, -1, 2, 0},
        {"gl_BackLightModelProduct.sceneColor", GL_FF_SV_LIGHTMODEL_SCENECOLOR, -1, 2, 1},
        {"gl_FrontMaterial.emission", GL_FF_SV_MATERIAL_EMISSION, -1, 2, 0},
        {"gl_FrontMaterial.ambient", GL_FF_SV_MATERIAL_AMBIENT, -1, 2, 0},
        {"gl_FrontMaterial.diffuse", GL_FF_SV_MATERIAL_DIFFUSE, -1, 2, 0},
        {"gl_FrontMaterial.specular", GL_FF_SV_MATERIAL_SPECULAR, -1, 2, 0},
        {"gl_FrontMaterial.shininess", GL_FF_SV_MATERIAL_SHININESS, 0, 2, 0},
        {"gl_BackMaterial.emission", GL_FF_SV_MATERIAL_EMISSION, -1, 2, 1},
        {"gl_BackMaterial.ambient", GL_FF_SV_MATERIAL_AMBIENT, -1, 2, 1},
        {"gl_BackMaterial.diffuse", GL_FF_SV_MATERIAL_DIFFUSE, -1, 2, 1},
        {"gl_BackMaterial.specular", GL_FF_SV_MATERIAL_SPECULAR, -1, 2, 1},
        {"gl_BackMaterial.shininess", GL_FF_SV_MATERIAL_SHININESS, 0, 2, 1},
        {"gl_FrontLightProduct.ambient", GL_FF_SV_LIGHTPROD_AMBIENT, -1, 5, 0},
        {"gl_FrontLightProduct.diffuse", GL_FF_SV_LIGHTPROD_DIFFUSE, -1, 5, 0},
        {"gl_FrontLightProduct.specular", GL_FF_SV_LIGHTPROD_SPECULAR, -1, 5, 0},
        {"gl_BackLightProduct.ambient", GL_FF_SV_LIGHTPROD_AMBIENT, -1, 5, 1},
        {"gl_BackLightProduct.diffuse", GL_FF_SV_LIGHTPROD_DIFFUSE, -1, 5, 1},
        {"gl_BackLightProduct.specular", GL_FF_SV_LIGHTPROD_SPECULAR, -1, 5, 1},
        {"gl_TextureEnvColor", GL_FF_SV_TEXENV_COLOR, -1, 3, 0},
        {"gl_EyePlaneS", GL_FF_SV_TEXGEN_EYE_PLANE, -1, 4, 0},
        {"gl_EyePlaneT", GL_FF_SV_TEXGEN_EYE_PLANE, -1, 4, 1},
        {"gl_EyePlaneR", GL_FF_SV_TEXGEN_EYE_PLANE, -1, 4, 2},
        {"gl_EyePlaneQ", GL_FF_SV_TEXGEN_EYE_PLANE, -1, 4, 3},
        {"gl_ObjectPlaneS", GL_FF_SV_TEXGEN_OBJECT_PLANE, -1, 4, 0},
        {"gl_ObjectPlaneT", GL_FF_SV_TEXGEN_OBJECT_PLANE, -1, 4, 1},
        {"gl_ObjectPlaneR", GL_FF_SV_TEXGEN_OBJECT_PLANE, -1, 4, 2},
        {"gl_ObjectPlaneQ", GL_FF_SV_TEXGEN_OBJECT_PLANE, -1, 4, 3},
        {"gl_Fog.color", GL_FF_SV_FOG_COLOR, -1, 0, 0},
        {"gl_Fog.density", GL_FF_SV_FOG_PARAMS, 0, 0, 0},
        {"gl_Fog.start", GL_FF_SV_FOG_PARAMS, 1, 0, 0},
        {"gl_Fog.end", GL_FF_SV_FOG_PARAMS, 2, 0, 0},
        {"gl_Fog.scale", GL_FF_SV_FOG_PARAMS, 3, 0, 0},
        {"gl_Point.size", GL_FF_SV_POINT_SIZE, 0, 0, 0},
        {"gl_Point.sizeMin", GL_FF_SV_POINT_SIZE, 1, 0, 0},
        {"gl_Point.sizeMax", GL_FF_SV_POINT_SIZE, 2, 0, 0},
        {"gl_Point.fadeThresholdSize", GL_FF_SV_POINT_SIZE, 3, 0, 0},
        {"gl_Point.distanceConstantAttenuation", GL_FF_SV_POINT_ATTENUATION, 0, 0, 0},
        {"gl_Point.distanceLinearAttenuation", GL_FF_SV_POINT_ATTENUATION, 1, 0, 0},
        {"gl_Point.distanceQuadraticAttenuation", GL_FF_SV_POINT_ATTENUATION, 2, 0, 0},
        {"gl_ClipPlane", GL_FF_SV_CLIP_PLANE, -1, 6, 0},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (strcmp(table[i].name, base))
            continue;
        unsigned limit = table[i].kind == 1 || table[i].kind == 5 ? GL_FF_MAX_LIGHTS
                         : table[i].kind == 3 || table[i].kind == 4 ? GL_FF_MAX_TEXTURE_UNITS
                         : table[i].kind == 6                       ? GL_FF_MAX_CLIP_PLANES
                                                                    : 1;
        if (table[i].kind != 0 && table[i].kind != 2 && index >= limit)
            return false;
        r->id = table[i].id;
        *comp = table[i].comp;
        switch (table[i].kind) {
        case 1:
        case 3:
        case 6: r->index = (uint8_t)index; break;
        case 2: r->index = table[i].sub; break;
        case 4:
            r->index = (uint8_t)index;
            r->sub = table[i].sub;
            break;
        case 5:
            r->index = (uint8_t)index;
            r->sub = table[i].sub;
            break;
        default: break;
        }
        return col == 0;
    }
    return false;
}

void glp_uniforms_set_builtins(glp_exec *e, const void *ctx, const gl_ff_gl_state *v,
                               uint64_t serial)
{
    if (!e->num_builtins || (e->builtin_ctx == ctx && e->builtin_serial == serial))
        return;
    e->builtin_ctx = ctx;
    e->builtin_serial = serial;
    for (unsigned i = 0; i < e->num_builtins; i++) {
        const struct glp_builtin *b = &e->builtins[i];
        float val[4];
        gl_ff_state_value(v, b->ref, val);
        float *dst = (float *)(e->storage + (size_t)b->reg * 4);
        if (b->comp < 0)
            memcpy(dst, val, sizeof val);
        else
            dst[0] = val[b->comp];
    }
    e->storage_dirty = true;
}

/* Records the fixed-function bindings of built-in uniform u; false when out
 * of memory. */
static bool add_builtin_bindings(glp_exec *e, const glp_uniform *u)
{
    char base[128];
    unsigned index;
    strip_subscripts(u->name, base, sizeof base, &index);
    for (unsigned k = 0; k < u->array_size; k++) {
        for (unsigned c = 0; c < u->cols; c++) {
            unsigned reg = (unsigned)u->const_reg + k * u->regs_per_element + c;
            gl_ff_state_ref ref;
            int comp;
            if (reg >= e->num_regs || !builtin_ref(base, u->is_array ? k : index, c, &ref, &comp))
                continue;
            struct glp_builtin *n = realloc(e->builtins, (e->num_builtins + 1) * sizeof *n);
            if (!n)
                return false;
            e->builtins = n;
            e->builtins[e->num_builtins++] = (struct glp_builtin){reg, ref, comp};
        }
    }
    return true;
}

/* ---- building the table ------------------------------------------------------------------------ */

void glp_uniforms_free(glp_exec *e)
{
    for (unsigned i = 0; i < e->num_uniforms; i++)
        free(e->uniforms[i].name);
    free(e->uniforms);
    free(e->storage);
    free(e->builtins);
    free(e->block_binding);
    e->block_binding = NULL;
    e->num_blocks = 0;
    e->uniforms = NULL;
    e->storage = NULL;
    e->builtins = NULL;
    e->num_builtins = 0;
    e->num_uniforms = 0;
}

bool glp_uniforms_build(glp_exec *e)
{
    int n = swr_glsl_num_uniforms(e->glsl);
    e->num_regs = swr_glsl_num_const_regs(e->glsl);
    e->storage = e->num_regs ? calloc((size_t)e->num_regs * 4, sizeof *e->storage) : NULL;
    e->uniforms = n > 0 ? calloc((size_t)n, sizeof *e->uniforms) : NULL;
    e->depth_range_reg[0] = e->depth_range_reg[1] = e->depth_range_reg[2] = -1;
    e->depth_range[0] = 0.0;
    e->depth_range[1] = 1.0;
    if ((e->num_regs && !e->storage) || (n > 0 && !e->uniforms))
        return false;
    /* GL 3.1 section 2.11.4: a link sets every block's binding to 0 (or to
     * its layout(binding) where GLSL 4.20 gives one). */
    int nb = swr_glsl_num_uniform_blocks(e->glsl);
    if (nb > 0) {
        e->block_binding = calloc((size_t)nb, sizeof *e->block_binding);
        if (!e->block_binding)
            return false;
        e->num_blocks = (unsigned)nb;
        for (int b = 0; b < nb; b++) {
            const swr_glsl_uniform_block *ub = swr_glsl_get_uniform_block(e->glsl, b);
            e->block_binding[b] = ub && ub->binding > 0 ? (GLuint)ub->binding : 0;
        }
    }
    /* GLSL 1.20 section 4.3.5: a uniform with an initializer starts with it. */
    const uint32_t *init = swr_glsl_const_init(e->glsl);
    if (init && e->storage)
        memcpy(e->storage, init, (size_t)e->num_regs * 4 * sizeof *e->storage);
    for (int i = 0; i < n; i++) {
        const swr_glsl_uniform *g = swr_glsl_get_uniform(e->glsl, i);
        if (!g || !g->name)
            continue;
        glp_uniform *u = &e->uniforms[e->num_uniforms];
        size_t len = strlen(g->name);
        u->name = malloc(len + 1);
        if (!u->name)
            return false;
        memcpy(u->name, g->name, len + 1);
        e->num_uniforms++;
        u->is_array = len > 3 && !strcmp(g->name + len - 3, "[0]");
        u->base_len = u->is_array ? len - 3 : len;
        u->type = g->gl_type;
        u->array_size = g->array_size ? g->array_size : 1;
        if (u->array_size > GLP_LOC_MAX_ELEMENTS)
            u->array_size = GLP_LOC_MAX_ELEMENTS;
        u->const_reg = g->const_reg;
        u->regs_per_element = g->regs_per_element;
        u->sampler = g->sampler;
        u->builtin = !strncmp(g->name, "gl_", 3);
        swr_glsl_uniform_layout lay;
        u->in_block = swr_glsl_get_uniform_layout(e->glsl, i, &lay) && lay.block_index >= 0;
        if (u->in_block) {
            /* stored in a buffer object, not in CONST[0] */
            u->const_reg = -1;
            u->sampler = -1;
            if (!glp_type_info(g->gl_type, &u->kind, &u->cols, &u->rows))
                u->cols = u->rows = 1;
            continue;
        }
        if (g->sampler >= 0 || !glp_type_info(g->gl_type, &u->kind, &u->cols, &u->rows)) {
            u->kind = GLP_SAMPLER;
            u->cols = u->rows = 1;
        }
        if (u->kind == GLP_SAMPLER) {
            u->const_reg = -1;
            for (unsigned k = 0; g->sampler >= 0 && k < u->array_size; k++) {
                unsigned s = (unsigned)g->sampler + k;
                if (s >= SWRGL_MAX_SAMPLERS)
                    break;
                if (g->stage_mask & (1u << SWR_GLSL_VERTEX))
                    e->sampler_stages[s] |= 1u << PIPE_SHADER_VERTEX;
                if (g->stage_mask & (1u << SWR_GLSL_FRAGMENT))
                    e->sampler_stages[s] |= 1u << PIPE_SHADER_FRAGMENT;
                /* (gl_texture.c binds views for the VS and FS stages only
                 * so far: a GS that samples reads nothing until it binds
                 * PIPE_SHADER_GEOMETRY too) */
                if (g->stage_mask & (1u << SWR_GLSL_GEOMETRY))
                    e->sampler_stages[s] |= 1u << PIPE_SHADER_GEOMETRY;
            }
            continue;
        }
        /* A register range outside CONST[0] would be a compiler bug: keep
         * the uniform reflected but store nothing. */
        if (u->const_reg >= 0 &&
            (uint64_t)u->const_reg + (uint64_t)(u->array_size - 1) * u->regs_per_element + u->cols >
                e->num_regs)
            u->const_reg = -1;
        if (u->builtin && u->const_reg >= 0) {
            fill_builtin(e, u);
            if (!add_builtin_bindings(e, u))
                return false;
            static const char *const dr[3] = {"gl_DepthRange.near", "gl_DepthRange.far",
                                              "gl_DepthRange.diff"};
            for (int k = 0; k < 3; k++)
                if (!strcmp(u->name, dr[k]))
                    e->depth_range_reg[k] = u->const_reg;
        }
    }
    e->storage_dirty = true;
    return true;
}

void glp_uniforms_set_depth_range(glp_exec *e, double n, double f)
{
    if (e->depth_range[0] == n && e->depth_range[1] == f)
        return;
    e->depth_range[0] = n;
    e->depth_range[1] = f;
    const float v[3] = {(float)n, (float)f, (float)(f - n)};
    for (int k = 0; k < 3; k++) {
        if (e->depth_range_reg[k] < 0)
            continue;
        memcpy(e->storage + (size_t)e->depth_range_reg[k] * 4, &v[k], sizeof v[k]);
        e->storage_dirty = true;
    }
}

/* ---- locations --------------------------------------------------------------------------------- */

static GLint make_location(unsigned index, unsigned element)
{
    return (GLint)((index << GLP_LOC_ELEMENT_BITS) | element);
}

/* The uniform and element of a location; NULL when it is not one of e's. */
static const glp_uniform *decode_location(const glp_exec *e, GLint loc, unsigned *element)
{
    if (loc < 0)
        return NULL;
    unsigned index = (unsigned)loc >> GLP_LOC_ELEMENT_BITS;
    *element = (unsigned)loc & (GLP_LOC_MAX_ELEMENTS - 1);
    if (index >= e->num_uniforms)
        return NULL;
    const glp_uniform *u = &e->uniforms[index];
    if (u->builtin || *element >= u->array_size)
        return NULL;
    return u;
}

GLint glp_uniform_location(const glp_exec *e, const char *name)
{
    if (!name || !strncmp(name, "gl_", 3))
        return -1;
    size_t len = strlen(name);
    /* "a" (element 0 of an array) or a non-array's exact name. */
    for (unsigned i = 0; i < e->num_uniforms; i++) {
        const glp_uniform *u = &e->uniforms[i];
        if (u->builtin || u->in_block)
            continue;
        if (u->is_array ? len == u->base_len && !strncmp(u->name, name, len) : !strcmp(u->name, name))
            return make_location(i, 0);
    }
    /* "a[k]": a decimal subscript (no sign, no leading zero) after an
     * array's name; "x[0]" also names a non-array x, as in Mesa. */
    if (len < 4 || name[len - 1] != ']')
        return -1;
    const char *open = strrchr(name, '[');
    size_t digits = (size_t)(name + len - 1 - (open + 1));
    if (digits == 0 || digits > 9 || (digits > 1 && open[1] == '0'))
        return -1;
    unsigned k = 0;
    for (const char *p = open + 1; p < name + len - 1; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        k = k * 10 + (unsigned)(*p - '0');
    }
    size_t base = (size_t)(open - name);
    for (unsigned i = 0; i < e->num_uniforms; i++) {
        const glp_uniform *u = &e->uniforms[i];
        if (u->builtin || u->in_block || u->base_len != base || strncmp(u->name, name, base))
            continue;
        if (u->is_array)
            return k < u->array_size ? make_location(i, k) : -1;
        if (k == 0 && u->name[base] == '\0')
            return make_location(i, 0);
    }
    return -1;
}

GLint swrgl_GetUniformLocation(struct gl_context *ctx, GLuint program, const GLchar *name)
{
    glp_exec *e = glp_linked_exec(ctx, program);
    return e ? glp_uniform_location(e, name) : -1;
}

/* ---- glUniform* --------------------------------------------------------------------------------- */

/* What a glUniform* call passes: `kind` GLP_FLOAT (f), GLP_INT (i) or
 * GLP_UINT (ui); `cols` > 1 only for glUniformMatrix*. */
typedef struct glp_call {
    glp_kind kind;
    unsigned cols, rows;
    bool transpose;
} glp_call;

static bool call_matches(const glp_call *c, const glp_uniform *u)
{
    if (c->cols != u->cols || c->rows != u->rows)
        return false;
    if (c->cols > 1) /* matrices are float only */
        return u->kind == GLP_FLOAT;
    switch (u->kind) {
    case GLP_FLOAT:
        return c->kind == GLP_FLOAT;
    case GLP_INT:
        return c->kind == GLP_INT;
    case GLP_UINT:
        return c->kind == GLP_UINT;
    case GLP_BOOL: /* GL 2.1 section 2.15.3: bools take f and i (3.0: ui) */
        return true;
    case GLP_SAMPLER:
        return c->kind == GLP_INT;
    }
    return false;
}

static uint32_t convert_in(const glp_call *c, glp_kind to, const void *values, size_t i)
{
    union {
        float f;
        uint32_t u;
    } x;
    if (c->kind == GLP_FLOAT) {
        x.f = ((const GLfloat *)values)[i];
        if (to == GLP_BOOL)
            return x.f != 0.0f ? ~0u : 0u;
        return x.u;
    }
    uint32_t v = c->kind == GLP_INT ? (uint32_t)((const GLint *)values)[i] : ((const GLuint *)values)[i];
    if (to == GLP_BOOL)
        return v ? ~0u : 0u;
    return v;
}

static void set_uniform(struct gl_context *ctx, GLint location, GLsizei count, const glp_call *c,
                        const void *values)
{
    glp_exec *e = glp_current_exec(ctx);
    if (!e) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (count < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (location == -1)
        return; /* GL: silently ignored */
    unsigned element;
    const glp_uniform *u = decode_location(e, location, &element);
    if (!u || !call_matches(c, u) || (count > 1 && !u->is_array)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (count == 0)
        return;
    if (!values) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* Elements past the end of the array are ignored (GL 2.1 section 2.15.3). */
    unsigned n = u->array_size - element;
    if ((unsigned)count < n)
        n = (unsigned)count;
    if (u->kind == GLP_SAMPLER) {
        const GLint *units = values;
        for (unsigned k = 0; k < n; k++) {
            if (units[k] < 0 || units[k] >= SWRGL_MAX_TEXTURE_UNITS) {
                gl_error(ctx, GL_INVALID_VALUE);
                return;
            }
        }
        for (unsigned k = 0; k < n && u->sampler >= 0; k++) {
            unsigned s = (unsigned)u->sampler + element + k;
            if (s < SWRGL_MAX_SAMPLERS)
                e->sampler_unit[s] = units[k];
        }
        glp_samplers_changed(ctx);
        return;
    }
    if (u->const_reg < 0)
        return;
    if (u->cols == 1 && c->kind == u->kind) {
        /* Scalars and vectors of the uniform's own type: one copy per
         * element, no conversion. */
        for (unsigned k = 0; k < n; k++)
            memcpy(e->storage + ((size_t)u->const_reg + (size_t)(element + k) * u->regs_per_element) * 4,
                   (const uint32_t *)values + (size_t)k * u->rows, (size_t)u->rows * 4);
        e->storage_dirty = true;
        return;
    }
    size_t per = (size_t)u->cols * u->rows;
    for (unsigned k = 0; k < n; k++) {
        for (unsigned col = 0; col < u->cols; col++) {
            uint32_t *reg = e->storage +
                            ((size_t)u->const_reg + (size_t)(element + k) * u->regs_per_element + col) * 4;
            for (unsigned row = 0; row < u->rows; row++) {
                size_t at = k * per + (c->transpose ? (size_t)row * u->cols + col : (size_t)col * u->rows + row);
                reg[row] = convert_in(c, u->kind, values, at);
            }
        }
    }
    e->storage_dirty = true;
}

#define VEC_CALLS(N, SUFFIX, KIND, T)                                                               \
    void swrgl_Uniform##N##SUFFIX##v(struct gl_context *ctx, GLint location, GLsizei count,        \
                                     const T *value)                                               \
    {                                                                                              \
        glp_call c = {KIND, 1, N, false};                                                          \
        set_uniform(ctx, location, count, &c, value);                                              \
    }

VEC_CALLS(1, f, GLP_FLOAT, GLfloat)
VEC_CALLS(2, f, GLP_FLOAT, GLfloat)
VEC_CALLS(3, f, GLP_FLOAT, GLfloat)
VEC_CALLS(4, f, GLP_FLOAT, GLfloat)
VEC_CALLS(1, i, GLP_INT, GLint)
VEC_CALLS(2, i, GLP_INT, GLint)
VEC_CALLS(3, i, GLP_INT, GLint)
VEC_CALLS(4, i, GLP_INT, GLint)
VEC_CALLS(1, ui, GLP_UINT, GLuint)
VEC_CALLS(2, ui, GLP_UINT, GLuint)
VEC_CALLS(3, ui, GLP_UINT, GLuint)
VEC_CALLS(4, ui, GLP_UINT, GLuint)
#undef VEC_CALLS

/* glUniform{1,2,3,4}{f,i,ui}: the vector form with count 1. */
#define SCALAR_CALLS(S, T)                                                                          \
    void swrgl_Uniform1##S(struct gl_context *ctx, GLint location, T v0)                           \
    {                                                                                              \
        swrgl_Uniform1##S##v(ctx, location, 1, &v0);                                               \
    }                                                                                              \
    void swrgl_Uniform2##S(struct gl_context *ctx, GLint location, T v0, T v1)                     \
    {                                                                                              \
        T v[] = {v0, v1};                                                                          \
        swrgl_Uniform2##S##v(ctx, location, 1, v);                                                 \
    }                                                                                              \
    void swrgl_Uniform3##S(struct gl_context *ctx, GLint location, T v0, T v1, T v2)               \
    {                                                                                              \
        T v[] = {v0, v1, v2};                                                                      \
        swrgl_Uniform3##S##v(ctx, location, 1, v);                                                 \
    }                                                                                              \
    void swrgl_Uniform4##S(struct gl_context *ctx, GLint location, T v0, T v1, T v2, T v3)         \
    {                                                                                              \
        T v[] = {v0, v1, v2, v3};                                                                  \
        swrgl_Uniform4##S##v(ctx, location, 1, v);                                                 \
    }
SCALAR_CALLS(f, GLfloat)
SCALAR_CALLS(i, GLint)
SCALAR_CALLS(ui, GLuint)
#undef SCALAR_CALLS

#define MATRIX_CALL(NAME, C, R)                                                                     \
    void swrgl_UniformMatrix##NAME##fv(struct gl_context *ctx, GLint location, GLsizei count,      \
                                       GLboolean transpose, const GLfloat *value)                  \
    {                                                                                              \
        glp_call c = {GLP_FLOAT, C, R, transpose != GL_FALSE};                                     \
        set_uniform(ctx, location, count, &c, value);                                              \
    }

MATRIX_CALL(2, 2, 2)
MATRIX_CALL(3, 3, 3)
MATRIX_CALL(4, 4, 4)
MATRIX_CALL(2x3, 2, 3)
MATRIX_CALL(3x2, 3, 2)
MATRIX_CALL(2x4, 2, 4)
MATRIX_CALL(4x2, 4, 2)
MATRIX_CALL(3x4, 3, 4)
MATRIX_CALL(4x3, 4, 3)
#undef MATRIX_CALL

/* ---- glGetUniform* ------------------------------------------------------------------------------ */

/* Rounds to the nearest integer, halves away from zero, saturating. */
static int64_t round_float(float f)
{
    if (isnan(f))
        return 0;
    double d = f < 0 ? ceil((double)f - 0.5) : floor((double)f + 0.5);
    if (d > 4294967295.0)
        return 4294967295LL;
    if (d < -2147483648.0)
        return -2147483648LL;
    return (int64_t)d;
}

static void get_uniform(struct gl_context *ctx, GLuint program, GLint location, glp_kind out,
                        void *params)
{
    glp_exec *e = glp_linked_exec(ctx, program);
    if (!e)
        return;
    unsigned element;
    const glp_uniform *u = decode_location(e, location, &element);
    if (!u) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!params)
        return;
    for (unsigned col = 0; col < u->cols; col++) {
        for (unsigned row = 0; row < u->rows; row++) {
            uint32_t raw = 0;
            if (u->kind == GLP_SAMPLER) {
                unsigned s = (unsigned)u->sampler + element;
                raw = u->sampler >= 0 && s < SWRGL_MAX_SAMPLERS ? (uint32_t)e->sampler_unit[s] : 0;
            } else if (u->const_reg >= 0) {
                size_t reg = (size_t)u->const_reg + (size_t)element * u->regs_per_element + col;
                raw = e->storage[reg * 4 + row];
            }
            union {
                float f;
                uint32_t u;
            } x = {.u = raw};
            double d; /* the value, exactly, for the float output */
            int64_t i;
            switch (u->kind) {
            case GLP_FLOAT:
                d = x.f;
                i = round_float(x.f);
                break;
            case GLP_BOOL:
                d = raw ? 1.0 : 0.0;
                i = raw ? 1 : 0;
                break;
            case GLP_UINT:
                d = raw;
                i = raw;
                break;
            default: /* int, sampler */
                d = (int32_t)raw;
                i = (int32_t)raw;
                break;
            }
            size_t at = (size_t)col * u->rows + row;
            if (out == GLP_FLOAT)
                ((GLfloat *)params)[at] = (GLfloat)d;
            else if (out == GLP_INT)
                ((GLint *)params)[at] = u->kind == GLP_UINT ? (GLint)(uint32_t)i
                                        : (GLint)(i > INT32_MAX ? INT32_MAX : i);
            else
                ((GLuint *)params)[at] = (GLuint)i;
        }
    }
}

void swrgl_GetUniformfv(struct gl_context *ctx, GLuint program, GLint location, GLfloat *params)
{
    get_uniform(ctx, program, location, GLP_FLOAT, params);
}

void swrgl_GetUniformiv(struct gl_context *ctx, GLuint program, GLint location, GLint *params)
{
    get_uniform(ctx, program, location, GLP_INT, params);
}

void swrgl_GetUniformuiv(struct gl_context *ctx, GLuint program, GLint location, GLuint *params)
{
    get_uniform(ctx, program, location, GLP_UINT, params);
}
