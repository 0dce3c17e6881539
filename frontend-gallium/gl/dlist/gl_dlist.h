/*
 * gl_dlist.h: the display-list part: glNewList/glEndList, glCallList,
 * glCallLists with glListBase, glGenLists/glDeleteLists/glIsList and their
 * glGet values. Recording and replay are generated from gl.xml
 * (gen_gl_api.py): every listable command's entry point records itself
 * while a list is being compiled (ctx->list_record), and
 * swrgl_list_replay (gl_list_replay.c, built into this part) calls the
 * entry point again with the recorded arguments. So this part calls no
 * other part's commands directly; lists live in the share group's table
 * (objects/).
 * May call: objects.
 */
#ifndef GL_DLIST_H
#define GL_DLIST_H

#include "frontend-gallium/gl/common/gl_common.h"

GL_PART_HOOKS(dlist)

#endif /* GL_DLIST_H */
