/*
 * glsl_codegen.cpp: one stage of a linked GLSL program, glslang's syntax
 * tree, to TGSI text (glsl_priv.h: gen_stage).
 *
 * In: the stage's linked intermediate and the link context (glsl_link.cpp),
 * which says where every uniform (CONST[0] registers, sampler numbers,
 * uniform block members in CONST[1..12] at std140 offsets),
 * attribute (IN registers), varying (GENERIC slots) and fragment output
 * (COLOR index) lives. Out: the TGSI text of the stage, declarations first,
 * instructions numbered and labelled as the parser wants them. One walk of
 * the tree:
 *  - every value is a list of vec4 slots (Opnd: register + swizzle, in the
 *    order of leaves()); results go to fresh TEMPs, variables of more than
 *    one slot to TEMP arrays with an ARRAY id so that indirect indexing
 *    works (UARL + MOV only);
 *  - user functions are inlined; `return`, `break` and `continue` that must
 *    leave more than one TGSI loop set a per-target flag and BRK, and every
 *    loop end on the way tests the flag (see jump());
 *  - inputs are read in place or copied into TEMPs in a prologue (varyings,
 *    gl_TexCoord, gl_FrontFacing; a GS's IN[vertex][slot] into one TEMP
 *    array per input so any vertex index works); outputs are written to
 *    shadow TEMPs and copied to OUT at the end (a GS: at each EmitVertex,
 *    before its EMIT);
 *  - loops with a known, small trip count are unrolled (see unroll()) unless
 *    the link says not to optimize (SWR_GLSL_OPT=0).
 * Constructs swr does not translate throw Unsupported with the source line.
 * Thread: any; all state is in the Gen of one call.
 */
#include "frontend-gallium/glsl/glsl_priv.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <set>

extern "C" {
#include "tgsi/tgsi.h"
}

namespace glsl {

namespace {

/* ---- operands ----------------------------------------------------------- */

enum File { F_TEMP, F_IN, F_OUT, F_CONST, F_IMM, F_SV };
const char *file_names[] = {"TEMP", "IN", "OUT", "CONST[0]", "IMM", "SV"};

struct Opnd {
    int file = F_TEMP;
    int index = 0;
    int n = 4;
    uint8_t swz[4] = {0, 1, 2, 3};
    Kind kind = KF;
    bool neg = false, abs = false;
    int ind = -1; /* TEMP whose .x holds the dynamic register offset */
    int array_id = 0;
    int cbuf = 0; /* F_CONST: the constant buffer (uniform blocks are 1..N) */
};

struct Val {
    std::vector<Opnd> s;
    int sampler = -1;
    const TType *sampler_type = nullptr;
};

Opnd comp(const Opnd &o, int c)
{
    Opnd r = o;
    r.n = 1;
    r.swz[0] = o.swz[o.n == 1 ? 0 : c];
    r.swz[1] = r.swz[2] = r.swz[3] = r.swz[0];
    return r;
}

Opnd negated(Opnd o)
{
    o.neg = !o.neg;
    return o;
}

/* ---- the generator ---------------------------------------------------- */

enum FrameKind { FR_LOOP, FR_CONTWRAP, FR_FUNC, FR_SWITCH };
enum JumpKind { J_BREAK, J_CONT, J_RET };

struct Frame {
    FrameKind kind;
    bool wrapped = true;    /* FR_FUNC: has its BGNLOOP */
    bool has_wrap = false;  /* FR_LOOP: a FR_CONTWRAP inside */
    int flag[3] = {-1, -1, -1};
    size_t reset_at[3] = {0, 0, 0}; /* placeholder instructions */
    std::set<std::pair<int, int>> pending; /* (jump kind, target frame) to re-test */
    Val ret;
};

struct OutVar {
    std::string name;
    Val shadow;
    int first_out;        /* first OUT register */
    int clipdist = 0;     /* gl_ClipDistance: number of floats */
    bool depth = false;
};

struct Gen {
    LinkCtx *ctx;
    int stage;
    TIntermediate *im;
    std::vector<std::string> code;
    std::vector<std::string> decls, props;
    std::vector<std::array<uint32_t, 4>> imms;
    std::map<std::array<uint32_t, 4>, int> imm_map;
    int ntemps = 0;
    std::vector<std::pair<std::pair<int, int>, int>> temp_arrays; /* (first,last), id */
    int next_array_id = 1;
    std::map<std::string, TIntermAggregate *> functions;
    std::map<std::string, Val> globals;
    std::map<long long, Val> const_arrays; /* const arrays: consecutive IMMs, once */
    std::vector<std::map<long long, Val>> scopes;
    std::vector<Frame> frames;
    std::vector<OutVar> outs;
    int num_in = 0, num_out = 0, num_sv = 0;
    std::set<int> samplers_used;
    int depth = 0;
    std::vector<TIntermAggregate *> call_chain; /* functions being inlined */
    int cur_line = 0;
    bool uses_addr = false;
    bool optimize = true; /* unroll loops (SWR_GLSL_OPT=0: no) */

    /* -- registers -- */
    int new_temp() { return ntemps++; }
    Opnd temp(int n, Kind k)
    {
        Opnd o;
        o.index = new_temp();
        o.n = n;
        o.kind = k;
        return o;
    }
    Val alloc(const TType &t)
    {
        std::vector<Leaf> l;
        leaves(t, l);
        Val v;
        if (l.size() == 1 && !t.isArray()) {
            v.s.push_back(temp(l[0].n, l[0].k));
            return v;
        }
        int first = ntemps, id = next_array_id++;
        ntemps += (int)l.size();
        if (!l.empty())
            temp_arrays.push_back({{first, ntemps - 1}, id});
        for (size_t i = 0; i < l.size(); i++) {
            Opnd o;
            o.index = first + (int)i;
            o.n = l[i].n;
            o.kind = l[i].k;
            o.array_id = id;
            v.s.push_back(o);
        }
        return v;
    }
    Opnd imm4(uint32_t a, uint32_t b, uint32_t c, uint32_t d, int n, Kind k)
    {
        std::array<uint32_t, 4> key{a, b, c, d};
        auto it = imm_map.find(key);
        int idx;
        if (it == imm_map.end()) {
            idx = (int)imms.size();
            imms.push_back(key);
            imm_map[key] = idx;
        } else {
            idx = it->second;
        }
        Opnd o;
        o.file = F_IMM;
        o.index = idx;
        o.n = n;
        o.kind = k;
        return o;
    }
    Opnd immU(uint32_t u, Kind k = KU) { return imm4(u, u, u, u, 1, k); }
    Opnd immF(float f)
    {
        uint32_t u;
        memcpy(&u, &f, 4);
        return immU(u, KF);
    }
    Opnd immI(int i) { return immU((uint32_t)i, KI); }

    /* The shadow TEMPs of the outputs into OUT (the end of a VS / FS, each
     * EmitVertex of a GS). */
    void copy_outputs()
    {
        for (OutVar &o : outs) {
            if (o.clipdist) {
                static const char xyzw[] = "xyzw";
                for (int i = 0; i < o.clipdist; i++)
                    emit("MOV OUT[" + std::to_string(o.first_out + i / 4) + "]." + xyzw[i % 4] + ", " +
                         src(align(o.shadow.s[i], 1)));
                continue;
            }
            for (size_t i = 0; i < o.shadow.s.size(); i++) {
                const Opnd &s = o.shadow.s[i];
                std::string d = "OUT[" + std::to_string(o.first_out + (int)i) + "]";
                if (o.depth)
                    emit("MOV " + d + ".z, " + src(align(s, 1)));
                else if (s.n < 4)
                    emit("MOV " + d + std::string(".xyzw").substr(0, s.n + 1) + ", " + src(align(s, s.n)));
                else
                    emit("MOV " + d + ", " + src(s));
            }
        }
    }

    /* -- text -- */
    void emit(const std::string &s) { code.push_back(s); }
    std::string reg_text(const Opnd &o)
    {
        char b[96], f[24];
        if (o.file == F_CONST)
            snprintf(f, sizeof f, "CONST[%d]", o.cbuf);
        else
            snprintf(f, sizeof f, "%s", file_names[o.file]);
        if (o.ind >= 0) {
            if (o.array_id)
                snprintf(b, sizeof b, "%s[ADDR[0].x+%d](%d)", f, o.index, o.array_id);
            else
                snprintf(b, sizeof b, "%s[ADDR[0].x+%d]", f, o.index);
        } else {
            snprintf(b, sizeof b, "%s[%d]", f, o.index);
        }
        return b;
    }
    std::string src(const Opnd &o)
    {
        static const char xyzw[] = "xyzw";
        std::string s = reg_text(o);
        s += '.';
        for (int i = 0; i < 4; i++)
            s += xyzw[o.swz[i]];
        if (o.abs)
            s = "|" + s + "|";
        if (o.neg)
            s = "-" + s;
        return s;
    }
    std::string dst(const Opnd &o)
    {
        static const char xyzw[] = "xyzw";
        int mask = 0;
        for (int i = 0; i < o.n; i++)
            mask |= 1 << o.swz[i];
        std::string s = reg_text(o);
        if (mask != 0xf) {
            s += '.';
            for (int c = 0; c < 4; c++)
                if (mask & (1 << c))
                    s += xyzw[c];
        }
        return s;
    }
    /* The source as read by a destination of n identity components. */
    Opnd align(const Opnd &o, int n)
    {
        Opnd r = o;
        for (int i = 0; i < 4; i++) {
            int j = o.n == 1 ? 0 : std::min(i, std::max(0, std::min(n, o.n) - 1));
            r.swz[i] = o.swz[j];
        }
        return r;
    }
    void uarl(const Opnd &o)
    {
        if (o.ind >= 0) {
            uses_addr = true;
            emit("UARL ADDR[0].x, TEMP[" + std::to_string(o.ind) + "].xxxx");
        }
    }
    /* op into a fresh temp of n components (sources are direct). */
    Opnd alu(const char *op, int n, Kind k, std::initializer_list<Opnd> srcs, bool sat = false)
    {
        Opnd d = temp(n, k);
        alu_to(op, d, srcs, sat);
        return d;
    }
    void alu_to(const char *op, const Opnd &d, std::initializer_list<Opnd> srcs, bool sat = false)
    {
        std::string s = op;
        if (sat)
            s += "_SAT";
        s += " " + dst(d);
        for (const Opnd &x : srcs) {
            /* source component i feeds destination component d.swz[i] */
            Opnd a = align(x, d.n);
            Opnd r = a;
            for (int i = 0; i < 4; i++)
                r.swz[i] = a.swz[0];
            for (int i = 0; i < d.n; i++)
                r.swz[d.swz[i]] = a.swz[i];
            s += ", " + src(r);
        }
        emit(s);
    }
    /* Scalar opcodes (RCP, SIN, ...): one instruction per component. */
    Opnd scalar_op(const char *op, int n, std::initializer_list<Opnd> srcs)
    {
        Opnd d = temp(n, KF);
        for (int c = 0; c < n; c++) {
            Opnd dc = comp(d, c);
            std::string s = std::string(op) + " " + dst(dc);
            for (const Opnd &x : srcs)
                s += ", " + src(comp(x, c));
            emit(s);
        }
        return d;
    }
    Opnd direct(const Opnd &o)
    {
        if (o.ind < 0)
            return o;
        uarl(o);
        Opnd d = temp(o.n, o.kind);
        Opnd s = o;
        std::string t = "MOV " + dst(d) + ", " + src(align(s, o.n));
        emit(t);
        return d;
    }
    Val load(const Val &v)
    {
        Val r = v;
        for (Opnd &o : r.s)
            o = direct(o);
        return r;
    }
    void store_slot(const Opnd &d, const Opnd &s0)
    {
        Opnd s = direct(s0);
        uarl(d);
        std::string t = "MOV " + dst(d);
        Opnd a = align(s, d.n);
        Opnd r = a;
        for (int i = 0; i < 4; i++)
            r.swz[i] = a.swz[0];
        for (int i = 0; i < d.n; i++)
            r.swz[d.swz[i]] = a.swz[i];
        emit(t + ", " + src(r));
    }
    void store(const Val &d, const Val &s)
    {
        if (d.s.size() != s.s.size())
            unsupported(cur_line, "assignment of mismatched sizes");
        Val src_v = load(s);
        for (size_t i = 0; i < d.s.size(); i++) {
            if (d.s[i].file != F_TEMP)
                unsupported(cur_line, "write to a read-only variable");
            store_slot(d.s[i], src_v.s[i]);
        }
    }
    Val copy(const Val &v, const TType &t)
    {
        Val r = alloc(t);
        r.sampler = v.sampler;
        r.sampler_type = v.sampler_type;
        store(r, v);
        return r;
    }
    Val copy_slots(const Val &v)
    {
        Val r;
        for (const Opnd &o : v.s) {
            Opnd d = temp(o.n, o.kind);
            store_slot(d, o);
            r.s.push_back(d);
        }
        return r;
    }

    /* -- conversions -- */
    Opnd convert(const Opnd &o0, Kind to)
    {
        Opnd o = direct(o0);
        if (o.kind == to)
            return o;
        int n = o.n;
        switch (to) {
        case KF:
            if (o.kind == KI) return alu("I2F", n, KF, {o});
            if (o.kind == KU) return alu("U2F", n, KF, {o});
            return alu("AND", n, KF, {o, immF(1.0f)});
        case KI:
        case KU:
            if (o.kind == KF) return alu(to == KI ? "F2I" : "F2U", n, to, {o});
            if (o.kind == KB) return alu("AND", n, to, {o, immU(1, to)});
            {
                Opnd r = o;
                r.kind = to;
                return r;
            }
        case KB:
            if (o.kind == KF) return alu("FSNE", n, KB, {o, immF(0.0f)});
            return alu("USNE", n, KB, {o, immU(0)});
        }
        return o;
    }

    /* -- symbols -- */
    Val *find_local(long long id)
    {
        for (size_t i = scopes.size(); i-- > 0;) {
            auto it = scopes[i].find(id);
            if (it != scopes[i].end())
                return &it->second;
        }
        return nullptr;
    }
    Val const_val(const TConstUnionArray &ca, const TType &t, bool consecutive)
    {
        std::vector<Leaf> l;
        leaves(t, l);
        Val v;
        int k = 0;
        for (const Leaf &lf : l) {
            uint32_t w[4] = {0, 0, 0, 0};
            for (int c = 0; c < lf.n; c++, k++) {
                if (k >= ca.size())
                    break;
                const TConstUnion &u = ca[k];
                switch (u.getType()) {
                case EbtFloat:
                case EbtDouble: {
                    float f = (float)u.getDConst();
                    memcpy(&w[c], &f, 4);
                    break;
                }
                case EbtInt: w[c] = (uint32_t)u.getIConst(); break;
                case EbtUint: w[c] = u.getUConst(); break;
                case EbtBool: w[c] = u.getBConst() ? 0xffffffffu : 0; break;
                default: unsupported(cur_line, "constant of this type");
                }
            }
            if (lf.n == 1)
                w[1] = w[2] = w[3] = w[0];
            Opnd o;
            if (consecutive) {
                o.file = F_IMM;
                o.index = (int)imms.size();
                imms.push_back({w[0], w[1], w[2], w[3]});
                o.n = lf.n;
                o.kind = lf.k;
            } else {
                o = imm4(w[0], w[1], w[2], w[3], lf.n, lf.k);
            }
            v.s.push_back(o);
        }
        return v;
    }
    Val symbol(TIntermSymbol *sym)
    {
        const TType &t = sym->getType();
        TStorageQualifier q = t.getQualifier().storage;
        /* (a uniform's constant is its initializer, which only sets the
         * starting value: uniforms are read from CONST[0]) */
        if (!sym->getConstArray().empty() && q != EvqUniform) {
            if (!t.isArray())
                return const_val(sym->getConstArray(), t, false);
            auto c = const_arrays.find(sym->getId());
            if (c != const_arrays.end())
                return c->second;
            return const_arrays[sym->getId()] = const_val(sym->getConstArray(), t, true);
        }
        std::string name = sym->getName().c_str();
        if (q == EvqTemporary || q == EvqIn || q == EvqOut || q == EvqInOut || q == EvqConstReadOnly ||
            q == EvqConst) {
            Val *v = find_local(sym->getId());
            if (v)
                return *v;
            Val nv = alloc(t);
            scopes.back()[sym->getId()] = nv;
            return nv;
        }
        auto it = globals.find(name);
        if (it != globals.end()) {
            const Val &v = it->second;
            bool has_bool = false;
            for (const Opnd &o : v.s)
                has_bool = has_bool || (o.file == F_CONST && o.kind == KB);
            if (!has_bool)
                return v;
            /* bool uniforms: any nonzero bits are true (so 1, 1.0f and ~0 all work) */
            Val c = alloc(t);
            c.sampler = v.sampler;
            c.sampler_type = v.sampler_type;
            for (size_t i = 0; i < v.s.size(); i++) {
                if (v.s[i].kind == KB)
                    alu_to("USNE", c.s[i], {v.s[i], immU(0)});
                else
                    alu_to("MOV", c.s[i], {v.s[i]});
            }
            return c;
        }
        if (q == EvqGlobal) {
            Val nv = alloc(t);
            globals[name] = nv;
            return nv;
        }
        if (name.compare(0, 5, "anon@") == 0 || t.getBasicType() == EbtBlock)
            unsupported(sym->getLoc().line, "interface blocks (uniform blocks, gl_PerVertex: GLSL 1.40+)");
        unsupported(sym->getLoc().line, "variable '%s' (storage %s)", name.c_str(), t.getStorageQualifierString());
    }

    /* -- control flow -- */
    size_t placeholder()
    {
        code.push_back("");
        return code.size() - 1;
    }
    int flag_of(int fi, int kind)
    {
        Frame &f = frames[fi];
        if (f.flag[kind] < 0) {
            f.flag[kind] = new_temp();
            code[f.reset_at[kind]] = "MOV TEMP[" + std::to_string(f.flag[kind]) + "].x, " + src(immU(0));
        }
        return f.flag[kind];
    }
    int target_of(int kind)
    {
        for (int i = (int)frames.size() - 1; i >= 0; i--) {
            FrameKind k = frames[i].kind;
            if (kind == J_RET && k == FR_FUNC) return i;
            if (kind == J_BREAK && (k == FR_LOOP || k == FR_SWITCH)) return i;
            if (kind == J_CONT && k == FR_LOOP) return i;
            if (k == FR_FUNC)
                break;
        }
        unsupported(cur_line, "jump outside of a loop or function");
    }
    void jump(int kind, int target)
    {
        int top = (int)frames.size() - 1;
        Frame &t = frames[target];
        if (top == target) {
            if (kind == J_CONT) {
                emit("CONT");
            } else if (kind == J_RET && !t.wrapped) {
                /* final return of an unwrapped function: falls off the end */
            } else {
                emit("BRK");
            }
            return;
        }
        if (kind == J_CONT && top == target + 1 && frames[top].kind == FR_CONTWRAP) {
            emit("BRK");
            return;
        }
        int fl = flag_of(target, kind);
        emit("MOV TEMP[" + std::to_string(fl) + "].x, " + src(immU(0xffffffffu)));
        frames[top].pending.insert({kind, target});
        emit("BRK");
    }
    /* After a frame's ENDLOOP: pass pending jumps on. */
    void close_frame()
    {
        Frame f = frames.back();
        frames.pop_back();
        for (auto &p : f.pending) {
            emit("UIF TEMP[" + std::to_string(frames[p.second].flag[p.first]) + "].xxxx");
            jump(p.first, p.second);
            emit("ENDIF");
        }
    }

    /* -- statements -- */
    void stmt(TIntermNode *n)
    {
        if (!n)
            return;
        cur_line = n->getLoc().line;
        if (TIntermAggregate *a = n->getAsAggregate()) {
            if (a->getOp() == EOpSequence || a->getOp() == EOpNull || a->getOp() == EOpScope) {
                TIntermSequence &seq = a->getSequence();
                for (size_t i = 0; i < seq.size(); i++) {
                    /* a loop right after the assignment that starts its counter */
                    TIntermLoop *l = seq[i]->getAsLoopNode();
                    if (l && i > 0 && optimize && unroll(l, seq[i - 1]))
                        continue;
                    stmt(seq[i]);
                }
                return;
            }
            if (a->getOp() == EOpLinkerObjects || a->getOp() == EOpFunction)
                return;
        }
        if (TIntermSelection *s = n->getAsSelectionNode()) {
            if (s->getBasicType() == EbtVoid) {
                Opnd c = cond(s->getCondition()->getAsTyped());
                emit("UIF " + src(align(c, 1)));
                stmt(s->getTrueBlock());
                if (s->getFalseBlock()) {
                    emit("ELSE");
                    stmt(s->getFalseBlock());
                }
                emit("ENDIF");
                return;
            }
        }
        if (TIntermLoop *l = n->getAsLoopNode()) {
            loop(l);
            return;
        }
        if (TIntermBranch *b = n->getAsBranchNode()) {
            branch(b);
            return;
        }
        if (TIntermSwitch *sw = n->getAsSwitchNode()) {
            switch_stmt(sw);
            return;
        }
        if (TIntermTyped *t = n->getAsTyped()) {
            eval(t);
            return;
        }
        unsupported(cur_line, "statement");
    }
    Opnd cond(TIntermTyped *t)
    {
        Val v = eval(t);
        return convert(v.s.at(0), KB);
    }
    static bool has_continue(TIntermNode *n)
    {
        class F : public TIntermTraverser {
          public:
            bool found = false;
            bool visitBranch(TVisit, TIntermBranch *b) override
            {
                if (b->getFlowOp() == EOpContinue)
                    found = true;
                return true;
            }
        } f;
        if (n)
            n->traverse(&f);
        return f.found;
    }
    /* -- loop unrolling --
     * A loop `for (i = C0; i OP C1; i++ / i-- / i += C / i -= C)` (OP a
     * comparison, i a scalar int/uint/float local whose start is the
     * statement just before the loop) whose body never writes i and has no
     * break, continue or return of its own is emitted as one copy of the
     * body per iteration, i reading as an immediate in each copy, when it
     * runs at most UNROLL_MAX_TRIPS times and trips x body size stays within
     * UNROLL_MAX_NODES. The trip count comes from running the counter with
     * the arithmetic the loop's own code would use (32-bit integers, or
     * floats for a float counter). After the copies, i holds its exit value
     * as it would after the loop. */
    static constexpr int UNROLL_MAX_TRIPS = 32;
    static constexpr long UNROLL_MAX_NODES = 3000; /* ~750 TGSI instructions (LLVM compile time) */
    static constexpr long UNROLL_SIZE_CAP = 1L << 40; /* tree_size saturates here */
    /* AST nodes of a subtree, called functions' bodies included. */
    long tree_size(TIntermNode *n, int depth_left)
    {
        class C : public TIntermTraverser {
          public:
            Gen *g;
            int depth_left;
            long n = 0;
            bool visitAggregate(TVisit v, TIntermAggregate *a) override
            {
                if (v != EvPreVisit)
                    return true;
                n += 1 + expensive(a->getOp()) * a->getType().getVectorSize();
                if (a->getOp() == EOpFunctionCall) {
                    auto it = g->functions.find(a->getName().c_str());
                    if (it != g->functions.end())
                        n += depth_left > 0 ? g->tree_size(it->second, depth_left - 1) : 1000000;
                }
                return true;
            }
            bool visitBinary(TVisit v, TIntermBinary *) override { n += v == EvPreVisit; return true; }
            bool visitUnary(TVisit v, TIntermUnary *u) override
            {
                if (v == EvPreVisit)
                    n += 1 + expensive(u->getOp()) * u->getType().getVectorSize();
                return true;
            }
            /* Transcendental built-ins become calls or long sequences per
             * component: weigh them so that unrolled copies of them stay
             * within what LLVM compiles quickly. */
            static int expensive(TOperator op)
            {
                switch (op) {
                case EOpExp: case EOpLog: case EOpExp2: case EOpLog2: case EOpPow: case EOpSin:
                case EOpCos: case EOpTan: case EOpAsin: case EOpAcos: case EOpAtan: case EOpSinh:
                case EOpCosh: case EOpTanh: case EOpAsinh: case EOpAcosh: case EOpAtanh:
                    return 8;
                default: return 0;
                }
            }
            bool visitSelection(TVisit v, TIntermSelection *) override { n += v == EvPreVisit; return true; }
            bool visitLoop(TVisit v, TIntermLoop *) override
            {
                /* an inner loop may be unrolled too */
                if (v == EvPreVisit)
                    n += 1;
                return true;
            }
            bool visitBranch(TVisit v, TIntermBranch *) override { n += v == EvPreVisit; return true; }
            bool visitSwitch(TVisit v, TIntermSwitch *) override { n += v == EvPreVisit; return true; }
            void visitSymbol(TIntermSymbol *) override { n++; }
            void visitConstantUnion(TIntermConstantUnion *) override { n++; }
        } c;
        c.g = this;
        c.depth_left = depth_left;
        if (n)
            n->traverse(&c);
        /* inner loops: their bodies count once per trip, the planned trip
         * count for one the unroller will take (its counter started by the
         * statement before it), else the most it would unroll */
        class L : public TIntermTraverser {
          public:
            Gen *g;
            int depth_left;
            long extra = 0;
            std::map<TIntermLoop *, long> trips;
            bool visitAggregate(TVisit v, TIntermAggregate *a) override
            {
                if (v != EvPreVisit ||
                    (a->getOp() != EOpSequence && a->getOp() != EOpNull && a->getOp() != EOpScope))
                    return true;
                TIntermSequence &seq = a->getSequence();
                for (size_t i = 1; i < seq.size(); i++) {
                    TIntermLoop *l = seq[i]->getAsLoopNode();
                    UnrollPlan plan;
                    if (l && g->unroll_plan(l, seq[i - 1], plan))
                        trips[l] = (long)plan.values.size();
                }
                return true;
            }
            bool visitLoop(TVisit, TIntermLoop *l) override
            {
                auto it = trips.find(l);
                long more = it != trips.end() ? it->second - 1 : UNROLL_MAX_TRIPS - 1;
                /* saturating: nested loops multiply (31^16 would overflow) */
                if (l->getBody() && more > 0)
                    extra = std::min(extra + more * g->tree_size(l->getBody(), depth_left), UNROLL_SIZE_CAP);
                return false;
            }
        } li;
        li.g = this;
        li.depth_left = depth_left;
        if (n)
            n->traverse(&li);
        return std::min(c.n + li.extra, UNROLL_SIZE_CAP);
    }
    /* Does the body write symbol `id`, or jump out of / to the next trip of
     * the loop (break/continue not inside an inner loop or switch, any
     * return)? */
    bool unroll_blocked(TIntermNode *body, long long id)
    {
        class B : public TIntermTraverser {
          public:
            B() : TIntermTraverser(true, false, true) {}
            Gen *g;
            long long id;
            bool blocked = false;
            int loops = 0, switches = 0;
            static bool is_sym(TIntermTyped *t, long long id)
            {
                while (t) {
                    if (TIntermSymbol *s = t->getAsSymbolNode())
                        return s->getId() == id;
                    TIntermBinary *b = t->getAsBinaryNode();
                    if (!b || (b->getOp() != EOpIndexDirect && b->getOp() != EOpIndexIndirect &&
                               b->getOp() != EOpIndexDirectStruct && b->getOp() != EOpVectorSwizzle))
                        return false;
                    t = b->getLeft();
                }
                return false;
            }
            bool visitBinary(TVisit v, TIntermBinary *b) override
            {
                if (v == EvPreVisit && b->getOp() >= EOpAssign && b->getOp() <= EOpRightShiftAssign &&
                    is_sym(b->getLeft(), id))
                    blocked = true;
                return true;
            }
            bool visitUnary(TVisit v, TIntermUnary *u) override
            {
                TOperator op = u->getOp();
                if (v == EvPreVisit &&
                    (op == EOpPostIncrement || op == EOpPostDecrement || op == EOpPreIncrement ||
                     op == EOpPreDecrement) &&
                    is_sym(u->getOperand(), id))
                    blocked = true;
                return true;
            }
            bool visitAggregate(TVisit v, TIntermAggregate *a) override
            {
                /* the counter as an out/inout argument (or modf's out) */
                if (v != EvPreVisit || (a->getOp() != EOpFunctionCall && a->getOp() != EOpModf))
                    return true;
                TIntermSequence &args = a->getSequence();
                TIntermAggregate *params = nullptr;
                if (a->getOp() == EOpFunctionCall) {
                    auto it = g->functions.find(a->getName().c_str());
                    if (it != g->functions.end() && !it->second->getSequence().empty())
                        params = it->second->getSequence()[0]->getAsAggregate();
                }
                for (size_t k = 0; k < args.size(); k++) {
                    if (!args[k]->getAsTyped() || !is_sym(args[k]->getAsTyped(), id))
                        continue;
                    TIntermSymbol *p = params && k < params->getSequence().size()
                                           ? params->getSequence()[k]->getAsSymbolNode()
                                           : nullptr;
                    TStorageQualifier q = p ? p->getType().getQualifier().storage : EvqOut;
                    if (q == EvqOut || q == EvqInOut)
                        blocked = true;
                }
                return true;
            }
            bool visitLoop(TVisit v, TIntermLoop *) override
            {
                loops += v == EvPreVisit ? 1 : -1;
                return true;
            }
            bool visitSwitch(TVisit v, TIntermSwitch *) override
            {
                switches += v == EvPreVisit ? 1 : -1;
                return true;
            }
            bool visitBranch(TVisit v, TIntermBranch *b) override
            {
                if (v != EvPreVisit)
                    return true;
                TOperator op = b->getFlowOp();
                if (op == EOpReturn || (op == EOpContinue && loops == 0) ||
                    (op == EOpBreak && loops == 0 && switches == 0))
                    blocked = true;
                return true;
            }
        } b;
        b.g = this;
        b.id = id;
        if (body)
            body->traverse(&b);
        return b.blocked;
    }
    /* What an unrollable loop does: its counter, the counter's value in
     * each trip and after the loop (from the AST alone, see unroll()). */
    struct UnrollPlan {
        TIntermSymbol *sym = nullptr;
        TBasicType bt = EbtVoid;
        std::vector<uint32_t> values;
        uint32_t exit_value = 0;
    };
    bool unroll_plan(TIntermLoop *l, TIntermNode *prev, UnrollPlan &plan)
    {
        if (!l->testFirst() || !l->getTest())
            return false;
        /* the counter's start: `i = C0` (possibly the last of a sequence) */
        TIntermAggregate *pa = prev->getAsAggregate();
        if (pa && (pa->getOp() == EOpSequence || pa->getOp() == EOpNull || pa->getOp() == EOpComma) &&
            !pa->getSequence().empty())
            prev = pa->getSequence().back();
        TIntermBinary *init = prev->getAsBinaryNode();
        if (!init || init->getOp() != EOpAssign || !init->getLeft()->getAsSymbolNode() ||
            !init->getRight()->getAsConstantUnion())
            return false;
        TIntermSymbol *sym = init->getLeft()->getAsSymbolNode();
        const TType &st = sym->getType();
        TBasicType bt = st.getBasicType();
        if (st.isArray() || st.isMatrix() || st.isVector() || st.isStruct() ||
            (bt != EbtInt && bt != EbtUint && bt != EbtFloat))
            return false;
        long long id = sym->getId();
        /* the test: i OP C1 or C1 OP i */
        TIntermBinary *test = l->getTest()->getAsBinaryNode();
        if (!test)
            return false;
        TOperator cmp = test->getOp();
        TIntermConstantUnion *lim = nullptr;
        if (test->getLeft()->getAsSymbolNode() && test->getLeft()->getAsSymbolNode()->getId() == id) {
            lim = test->getRight()->getAsConstantUnion();
        } else if (test->getRight()->getAsSymbolNode() && test->getRight()->getAsSymbolNode()->getId() == id) {
            lim = test->getLeft()->getAsConstantUnion();
            static const std::map<TOperator, TOperator> mirror = {
                {EOpLessThan, EOpGreaterThan}, {EOpGreaterThan, EOpLessThan},
                {EOpLessThanEqual, EOpGreaterThanEqual}, {EOpGreaterThanEqual, EOpLessThanEqual},
                {EOpEqual, EOpEqual}, {EOpNotEqual, EOpNotEqual}};
            auto it = mirror.find(cmp);
            if (it == mirror.end())
                return false;
            cmp = it->second;
        }
        if (!lim || lim->getType().getBasicType() != bt || lim->getType().isVector())
            return false;
        if (cmp != EOpLessThan && cmp != EOpGreaterThan && cmp != EOpLessThanEqual &&
            cmp != EOpGreaterThanEqual && cmp != EOpEqual && cmp != EOpNotEqual)
            return false;
        /* the step */
        TIntermTyped *term = l->getTerminal();
        if (!term)
            return false;
        bool add = true;
        TIntermConstantUnion *stepc = nullptr;
        if (TIntermUnary *u = term->getAsUnaryNode()) {
            TOperator op = u->getOp();
            if (!u->getOperand()->getAsSymbolNode() || u->getOperand()->getAsSymbolNode()->getId() != id)
                return false;
            if (op == EOpPostIncrement || op == EOpPreIncrement)
                add = true;
            else if (op == EOpPostDecrement || op == EOpPreDecrement)
                add = false;
            else
                return false;
        } else if (TIntermBinary *b = term->getAsBinaryNode()) {
            if ((b->getOp() != EOpAddAssign && b->getOp() != EOpSubAssign) || !b->getLeft()->getAsSymbolNode() ||
                b->getLeft()->getAsSymbolNode()->getId() != id)
                return false;
            stepc = b->getRight()->getAsConstantUnion();
            if (!stepc || stepc->getType().getBasicType() != bt || stepc->getType().isVector())
                return false;
            add = b->getOp() == EOpAddAssign;
        } else {
            return false;
        }
        if (unroll_blocked(l->getBody(), id))
            return false;
        /* run the counter (as 32-bit words, with the loop's own arithmetic) */
        auto word = [&](TIntermConstantUnion *c) -> uint32_t {
            const TConstUnion &u = c->getConstArray()[0];
            if (bt == EbtFloat) {
                float f = (float)u.getDConst();
                uint32_t w;
                memcpy(&w, &f, 4);
                return w;
            }
            return bt == EbtInt ? (uint32_t)u.getIConst() : u.getUConst();
        };
        uint32_t v = word(init->getRight()->getAsConstantUnion()), limit = word(lim);
        uint32_t step = stepc ? word(stepc) : 0;
        if (!stepc) {
            float one = 1.0f;
            memcpy(&step, &one, 4);
            if (bt != EbtFloat)
                step = 1;
        }
        auto holds = [&](uint32_t x) {
            if (bt == EbtFloat) {
                float a, b;
                memcpy(&a, &x, 4);
                memcpy(&b, &limit, 4);
                switch (cmp) {
                case EOpLessThan: return a < b;
                case EOpGreaterThan: return a > b;
                case EOpLessThanEqual: return a <= b;
                case EOpGreaterThanEqual: return a >= b;
                case EOpEqual: return a == b;
                default: return a != b;
                }
            }
            if (bt == EbtInt) {
                int32_t a = (int32_t)x, b = (int32_t)limit;
                switch (cmp) {
                case EOpLessThan: return a < b;
                case EOpGreaterThan: return a > b;
                case EOpLessThanEqual: return a <= b;
                case EOpGreaterThanEqual: return a >= b;
                case EOpEqual: return a == b;
                default: return a != b;
                }
            }
            switch (cmp) {
            case EOpLessThan: return x < limit;
            case EOpGreaterThan: return x > limit;
            case EOpLessThanEqual: return x <= limit;
            case EOpGreaterThanEqual: return x >= limit;
            case EOpEqual: return x == limit;
            default: return x != limit;
            }
        };
        auto next = [&](uint32_t x) -> uint32_t {
            if (bt == EbtFloat) {
                float a, b;
                memcpy(&a, &x, 4);
                memcpy(&b, &step, 4);
                float r = add ? a + b : a - b;
                uint32_t w;
                memcpy(&w, &r, 4);
                return w;
            }
            return add ? x + step : x - step;
        };
        std::vector<uint32_t> values;
        while (holds(v)) {
            if ((int)values.size() >= UNROLL_MAX_TRIPS)
                return false;
            values.push_back(v);
            v = next(v);
        }
        plan.sym = sym;
        plan.bt = bt;
        plan.values = std::move(values);
        plan.exit_value = v;
        return true;
    }
    bool unroll(TIntermLoop *l, TIntermNode *prev)
    {
        UnrollPlan plan;
        if (!unroll_plan(l, prev, plan))
            return false;
        long long id = plan.sym->getId();
        Val *var = find_local(id);
        if (!var || var->s.size() != 1 || var->s[0].file != F_TEMP)
            return false;
        const std::vector<uint32_t> &values = plan.values;
        if ((long)values.size() * tree_size(l->getBody(), 8) > UNROLL_MAX_NODES)
            return false;
        TBasicType bt = plan.bt;
        uint32_t v = plan.exit_value;
        Kind k = bt == EbtFloat ? KF : bt == EbtInt ? KI : KU;
        Val saved = *var;
        for (uint32_t x : values) {
            Val c;
            c.s.push_back(immU(x, k));
            *find_local(id) = c;
            stmt(l->getBody());
        }
        *find_local(id) = saved;
        Val fin;
        fin.s.push_back(immU(v, k));
        store(saved, fin);
        return true;
    }
    void loop(TIntermLoop *l)
    {
        Frame f;
        f.kind = FR_LOOP;
        f.has_wrap = has_continue(l->getBody()) && (l->getTerminal() || !l->testFirst());
        f.reset_at[J_BREAK] = placeholder();
        f.reset_at[J_RET] = placeholder();
        frames.push_back(f);
        int me = (int)frames.size() - 1;
        emit("BGNLOOP");
        frames[me].reset_at[J_CONT] = placeholder();
        if (l->testFirst() && l->getTest()) {
            Opnd c = cond(l->getTest());
            Opnd nc = alu("NOT", 1, KB, {c});
            emit("UIF " + src(align(nc, 1)));
            emit("BRK");
            emit("ENDIF");
        }
        if (frames[me].has_wrap) {
            Frame w;
            w.kind = FR_CONTWRAP;
            w.reset_at[J_BREAK] = placeholder();
            frames.push_back(w);
            emit("BGNLOOP");
            stmt(l->getBody());
            emit("BRK");
            emit("ENDLOOP");
            close_frame();
        } else {
            stmt(l->getBody());
        }
        if (l->getTerminal())
            eval(l->getTerminal());
        if (!l->testFirst() && l->getTest()) {
            Opnd c = cond(l->getTest());
            Opnd nc = alu("NOT", 1, KB, {c});
            emit("UIF " + src(align(nc, 1)));
            emit("BRK");
            emit("ENDIF");
        }
        emit("ENDLOOP");
        close_frame();
    }
    void switch_stmt(TIntermSwitch *sw)
    {
        Opnd sel = direct(eval(sw->getCondition()->getAsTyped()).s.at(0));
        sel = alu("MOV", 1, sel.kind, {sel});
        TIntermSequence &seq = sw->getBody()->getSequence();
        /* no_match: no case label equals the selector (for default) */
        Opnd no_match = alu("MOV", 1, KB, {immU(0xffffffffu)});
        for (TIntermNode *c : seq) {
            TIntermBranch *b = c->getAsBranchNode();
            if (b && b->getFlowOp() == EOpCase) {
                Val lv = eval(b->getExpression());
                Opnd ne = alu("USNE", 1, KB, {sel, direct(lv.s.at(0))});
                alu_to("AND", no_match, {no_match, ne});
            }
        }
        Frame f;
        f.kind = FR_SWITCH;
        f.reset_at[J_BREAK] = placeholder();
        frames.push_back(f);
        Opnd fall = alu("MOV", 1, KB, {immU(0)});
        emit("BGNLOOP");
        bool open = false;
        for (TIntermNode *c : seq) {
            TIntermBranch *b = c->getAsBranchNode();
            if (b && (b->getFlowOp() == EOpCase || b->getFlowOp() == EOpDefault)) {
                if (open) {
                    emit("ENDIF");
                    open = false;
                }
                if (b->getFlowOp() == EOpCase) {
                    Val lv = eval(b->getExpression());
                    Opnd eq = alu("USEQ", 1, KB, {sel, direct(lv.s.at(0))});
                    alu_to("OR", fall, {fall, eq});
                } else {
                    alu_to("OR", fall, {fall, no_match});
                }
                continue;
            }
            if (!open) {
                emit("UIF " + src(align(fall, 1)));
                open = true;
            }
            stmt(c);
        }
        if (open)
            emit("ENDIF");
        emit("BRK");
        emit("ENDLOOP");
        close_frame();
    }
    void branch(TIntermBranch *b)
    {
        switch (b->getFlowOp()) {
        case EOpKill:
            if (stage != SWR_GLSL_FRAGMENT)
                unsupported(cur_line, "discard outside a fragment shader");
            emit("KILL");
            return;
        case EOpBreak: jump(J_BREAK, target_of(J_BREAK)); return;
        case EOpContinue: jump(J_CONT, target_of(J_CONT)); return;
        case EOpReturn: {
            int t = target_of(J_RET);
            if (b->getExpression()) {
                Val v = eval(b->getExpression());
                store(frames[t].ret, v);
            }
            jump(J_RET, t);
            return;
        }
        default: unsupported(cur_line, "branch %d", (int)b->getFlowOp());
        }
    }

    /* -- functions -- */
    static bool needs_wrap(TIntermAggregate *body)
    {
        if (!body)
            return false;
        class F : public TIntermTraverser {
          public:
            int returns = 0;
            bool visitBranch(TVisit, TIntermBranch *b) override
            {
                if (b->getFlowOp() == EOpReturn)
                    returns++;
                return true;
            }
        } f;
        body->traverse(&f);
        if (f.returns == 0)
            return false;
        TIntermSequence &s = body->getSequence();
        bool last_is_ret = !s.empty() && s.back()->getAsBranchNode() &&
                           s.back()->getAsBranchNode()->getFlowOp() == EOpReturn;
        return !(f.returns == 1 && last_is_ret);
    }
    void run_body(TIntermAggregate *fn, Val ret)
    {
        TIntermAggregate *body = nullptr;
        if (fn->getSequence().size() > 1)
            body = fn->getSequence()[1]->getAsAggregate();
        Frame f;
        f.kind = FR_FUNC;
        f.wrapped = needs_wrap(body);
        f.ret = ret;
        f.reset_at[J_RET] = placeholder();
        frames.push_back(f);
        if (f.wrapped)
            emit("BGNLOOP");
        if (body)
            stmt(body);
        else if (fn->getSequence().size() > 1)
            stmt(fn->getSequence()[1]);
        if (f.wrapped) {
            emit("BRK");
            emit("ENDLOOP");
        }
        frames.pop_back();
    }
    Val call(TIntermAggregate *a)
    {
        auto it = functions.find(a->getName().c_str());
        if (it == functions.end())
            unsupported(a->getLoc().line, "call of '%s' (no definition)", a->getName().c_str());
        /* Calls are inlined: a function already on the chain is recursion
         * (which GLSL forbids); a deep chain of distinct ones is fine. */
        for (TIntermAggregate *on : call_chain)
            if (on == it->second)
                unsupported(a->getLoc().line, "recursion");
        if (++depth > 4096)
            unsupported(a->getLoc().line, "call chain deeper than 4096");
        TIntermAggregate *fn = it->second;
        TIntermAggregate *params = fn->getSequence().empty() ? nullptr : fn->getSequence()[0]->getAsAggregate();
        TIntermSequence &args = a->getSequence();
        std::map<long long, Val> scope;
        struct OutArg {
            TIntermTyped *arg;
            Val storage;
        };
        std::vector<OutArg> outs_;
        for (size_t i = 0; i < args.size(); i++) {
            TIntermSymbol *p = params ? params->getSequence().at(i)->getAsSymbolNode() : nullptr;
            if (!p)
                unsupported(a->getLoc().line, "function parameters");
            const TType &pt = p->getType();
            TStorageQualifier q = pt.getQualifier().storage;
            TIntermTyped *arg = args[i]->getAsTyped();
            if (pt.getBasicType() == EbtSampler || samplers_of(pt) > 0) {
                if (pt.getBasicType() != EbtSampler)
                    unsupported(a->getLoc().line, "structs with samplers as parameters");
                scope[p->getId()] = eval(arg);
                continue;
            }
            if (q == EvqOut || q == EvqInOut)
                freeze_indices(arg);
            Val storage = alloc(pt);
            if (q != EvqOut)
                store(storage, eval(arg));
            if (q == EvqOut || q == EvqInOut)
                outs_.push_back({arg, storage});
            scope[p->getId()] = storage;
        }
        Val ret;
        if (a->getBasicType() != EbtVoid)
            ret = alloc(a->getType());
        scopes.push_back(scope);
        call_chain.push_back(fn); /* after the arguments: f(f(x)) is no recursion */
        run_body(fn, ret);
        call_chain.pop_back();
        scopes.pop_back();
        for (OutArg &o : outs_)
            assign_node(o.arg, o.storage);
        for (OutArg &o : outs_)
            thaw_indices(o.arg);
        depth--;
        return ret;
    }

    /* Out and inout arguments name their l-value when the function is called
     * (GLSL 1.20 section 6.1.1): the non-constant indices of such an argument are
     * evaluated once, before the call, and the copy-out after the call reuses
     * them even if the call changed the variables they read. */
    std::map<const TIntermTyped *, Val> frozen;
    static bool lvalue_step(TOperator op)
    {
        return op == EOpIndexIndirect || op == EOpIndexDirect || op == EOpIndexDirectStruct ||
               op == EOpVectorSwizzle;
    }
    void freeze_indices(TIntermTyped *lv)
    {
        while (TIntermBinary *b = lv->getAsBinaryNode()) {
            if (!lvalue_step(b->getOp()))
                break;
            if (b->getOp() == EOpIndexIndirect) {
                TIntermTyped *ix = b->getRight();
                Val v = alloc(ix->getType());
                store(v, eval(ix));
                frozen[ix] = v;
            }
            lv = b->getLeft();
        }
    }
    void thaw_indices(TIntermTyped *lv)
    {
        while (TIntermBinary *b = lv->getAsBinaryNode()) {
            if (!lvalue_step(b->getOp()))
                break;
            frozen.erase(b->getRight());
            lv = b->getLeft();
        }
    }

    /* -- expressions -- */
    Val eval(TIntermTyped *n)
    {
        if (!frozen.empty()) {
            auto f = frozen.find(n);
            if (f != frozen.end())
                return f->second;
        }
        int save = cur_line;
        if (n->getLoc().line)
            cur_line = n->getLoc().line;
        Val v = eval2(n);
        cur_line = save;
        return v;
    }
    Val eval2(TIntermTyped *n)
    {
        if (TIntermConstantUnion *c = n->getAsConstantUnion())
            return const_val(c->getConstArray(), c->getType(), c->getType().isArray());
        if (TIntermSymbol *s = n->getAsSymbolNode())
            return symbol(s);
        if (TIntermBinary *b = n->getAsBinaryNode())
            return binary(b);
        if (TIntermUnary *u = n->getAsUnaryNode())
            return unary(u);
        if (TIntermAggregate *a = n->getAsAggregate())
            return aggregate(a);
        if (TIntermSelection *s = n->getAsSelectionNode()) {
            Opnd c = cond(s->getCondition()->getAsTyped());
            Val r = alloc(s->getType());
            emit("UIF " + src(align(c, 1)));
            store(r, eval(s->getTrueBlock()->getAsTyped()));
            emit("ELSE");
            store(r, eval(s->getFalseBlock()->getAsTyped()));
            emit("ENDIF");
            return r;
        }
        unsupported(cur_line, "expression");
    }
    /* Makes a value's slots one indexable run (same file, consecutive). */
    Val indexable(const Val &v, const TType &t)
    {
        bool ok = !v.s.empty();
        for (size_t i = 0; ok && i < v.s.size(); i++) {
            const Opnd &o = v.s[i];
            ok = o.file == v.s[0].file && o.index == v.s[0].index + (int)i &&
                 o.array_id == v.s[0].array_id && o.ind == v.s[0].ind && o.cbuf == v.s[0].cbuf &&
                 !o.neg && !o.abs &&
                 (o.file == F_TEMP || o.file == F_CONST || o.file == F_IMM);
            for (int c = 0; ok && c < o.n; c++)
                ok = o.swz[c] == v.s[0].swz[c];
        }
        if (ok && v.s[0].file == F_TEMP && !v.s[0].array_id && v.s.size() > 1)
            ok = false;
        if (ok)
            return v;
        return copy(load(v), t);
    }
    Val index(TIntermBinary *b)
    {
        TIntermTyped *l = b->getLeft();
        const TType &lt = l->getType();
        Val base = eval(l);
        if (lt.getBasicType() == EbtSampler || samplers_of(lt) > 0) {
            /* sampler arrays: constant index only */
            TIntermConstantUnion *c = b->getRight()->getAsConstantUnion();
            if (!c)
                unsupported(cur_line, "sampler array indexed with a non-constant");
            Val r;
            r.sampler = base.sampler + c->getConstArray()[0].getIConst();
            r.sampler_type = &b->getType();
            return r;
        }
        if (b->getOp() == EOpIndexDirect) {
            int k = b->getRight()->getAsConstantUnion()->getConstArray()[0].getIConst();
            if (lt.isArray() || lt.isMatrix()) {
                int S = lt.isArray() ? slots_of(TType(lt, 0)) : 1;
                Val r;
                for (int i = 0; i < S; i++)
                    r.s.push_back(base.s.at(k * S + i));
                return r;
            }
            Val r;
            r.s.push_back(comp(base.s.at(0), k));
            return r;
        }
        /* indirect */
        Opnd idx = direct(eval(b->getRight()).s.at(0));
        if (!lt.isArray() && !lt.isMatrix()) {
            Opnd v = direct(base.s.at(0));
            Opnd r = alu("MOV", 1, v.kind, {comp(v, 0)});
            for (int c = 1; c < v.n; c++) {
                Opnd eq = alu("USEQ", 1, KB, {idx, immU((uint32_t)c)});
                alu_to("UCMP", r, {eq, comp(v, c), r});
            }
            Val rv;
            rv.s.push_back(r);
            return rv;
        }
        if (lt.isArray()) {
            /* An array inside a uniform block: element e's slot j is
             * CONST[b][reg_j + e * R] with the same swizzle (std140 strides
             * are whole vec4s), so element 0's slots read with a dynamic
             * offset idx * R, without copying the array. */
            int S = slots_of(TType(lt, 0));
            int n = array_len(lt, 1), R = 0;
            bool strided = n > 1 && (int)base.s.size() == n * S;
            for (int e = 0; strided && e < n; e++)
                for (int j = 0; strided && j < S; j++) {
                    const Opnd &a = base.s[j], &o = base.s[e * S + j];
                    if (e == 1 && j == 0)
                        R = o.index - a.index;
                    strided = o.file == F_CONST && a.file == F_CONST && o.cbuf == a.cbuf && o.ind < 0 &&
                              !o.neg && !o.abs && o.n == a.n && o.kind == a.kind &&
                              o.index == a.index + e * R && !memcmp(o.swz, a.swz, sizeof o.swz);
                }
            if (strided && R > 0) {
                Opnd off = R > 1 ? alu("UMUL", 1, KU, {idx, immU((uint32_t)R)}) : alu("MOV", 1, KU, {idx});
                Val r;
                for (int j = 0; j < S; j++) {
                    Opnd o = base.s[j];
                    o.ind = off.index;
                    r.s.push_back(o);
                }
                return r;
            }
        }
        base = indexable(base, lt);
        int S = lt.isArray() ? slots_of(TType(lt, 0)) : 1;
        Opnd off = S > 1 ? alu("UMUL", 1, KU, {idx, immU((uint32_t)S)}) : alu("MOV", 1, KU, {idx});
        if (base.s[0].ind >= 0) {
            Opnd prev;
            prev.index = base.s[0].ind;
            prev.n = 1;
            prev.kind = KU;
            alu_to("UADD", off, {off, prev});
        }
        Val r;
        for (int i = 0; i < S; i++) {
            Opnd o = base.s.at(i);
            o.ind = off.index;
            r.s.push_back(o);
        }
        return r;
    }
    void assign_node(TIntermTyped *lhs, const Val &v)
    {
        TIntermBinary *b = lhs->getAsBinaryNode();
        if (b && b->getOp() == EOpIndexIndirect && !b->getLeft()->getType().isArray() &&
            !b->getLeft()->getType().isMatrix()) {
            Val base = eval(b->getLeft());
            Opnd idx = direct(eval(b->getRight()).s.at(0));
            Opnd val = direct(v.s.at(0));
            Opnd cur = direct(base.s.at(0));
            if (cur.ind < 0 && base.s[0].ind < 0)
                cur = alu("MOV", cur.n, cur.kind, {cur});
            for (int c = 0; c < cur.n; c++) {
                Opnd eq = alu("USEQ", 1, KB, {idx, immU((uint32_t)c)});
                alu_to("UCMP", comp(cur, c), {eq, val, comp(cur, c)});
            }
            Val bv;
            bv.s.push_back(base.s[0]);
            Val cv;
            cv.s.push_back(cur);
            store(bv, cv);
            return;
        }
        store(eval(lhs), v);
    }
    Val binary(TIntermBinary *b)
    {
        TOperator op = b->getOp();
        switch (op) {
        case EOpIndexDirect:
        case EOpIndexIndirect: return index(b);
        case EOpIndexDirectStruct: {
            Val base = eval(b->getLeft());
            int k = b->getRight()->getAsConstantUnion()->getConstArray()[0].getIConst();
            const TTypeList &members = *b->getLeft()->getType().getStruct();
            int off = 0, soff = 0;
            for (int i = 0; i < k; i++) {
                off += slots_of(*members[i].type);
                soff += samplers_of(*members[i].type);
            }
            Val r;
            int n = slots_of(*members[k].type);
            for (int i = 0; i < n; i++)
                r.s.push_back(base.s.at(off + i));
            if (samplers_of(*members[k].type)) {
                r.sampler = base.sampler + soff;
                r.sampler_type = members[k].type;
            }
            return r;
        }
        case EOpVectorSwizzle: {
            Val base = eval(b->getLeft());
            TIntermSequence &seq = b->getRight()->getAsAggregate()->getSequence();
            Opnd o = base.s.at(0);
            Opnd r = o;
            r.n = (int)seq.size();
            for (size_t i = 0; i < seq.size(); i++)
                r.swz[i] = o.swz[o.n == 1 ? 0 : seq[i]->getAsConstantUnion()->getConstArray()[0].getIConst()];
            Val v;
            v.s.push_back(r);
            return v;
        }
        case EOpAssign: {
            Val v = load(eval(b->getRight()));
            assign_node(b->getLeft(), v);
            return v;
        }
        case EOpAddAssign: case EOpSubAssign: case EOpMulAssign: case EOpVectorTimesMatrixAssign:
        case EOpVectorTimesScalarAssign: case EOpMatrixTimesScalarAssign:
        case EOpMatrixTimesMatrixAssign: case EOpDivAssign: case EOpModAssign: case EOpAndAssign:
        case EOpInclusiveOrAssign: case EOpExclusiveOrAssign: case EOpLeftShiftAssign:
        case EOpRightShiftAssign: {
            static const std::map<TOperator, TOperator> m = {
                {EOpAddAssign, EOpAdd}, {EOpSubAssign, EOpSub}, {EOpMulAssign, EOpMul},
                {EOpVectorTimesMatrixAssign, EOpVectorTimesMatrix},
                {EOpVectorTimesScalarAssign, EOpVectorTimesScalar},
                {EOpMatrixTimesScalarAssign, EOpMatrixTimesScalar},
                {EOpMatrixTimesMatrixAssign, EOpMatrixTimesMatrix}, {EOpDivAssign, EOpDiv},
                {EOpModAssign, EOpMod}, {EOpAndAssign, EOpAnd}, {EOpInclusiveOrAssign, EOpInclusiveOr},
                {EOpExclusiveOrAssign, EOpExclusiveOr}, {EOpLeftShiftAssign, EOpLeftShift},
                {EOpRightShiftAssign, EOpRightShift}};
            Val r = load(eval(b->getRight()));
            Val l = load(eval(b->getLeft()));
            Val v = arith(m.at(op), l, b->getLeft()->getType(), r, b->getRight()->getType(), b->getType());
            assign_node(b->getLeft(), v);
            return v;
        }
        case EOpLogicalAnd:
        case EOpLogicalOr: {
            Opnd l = cond(b->getLeft());
            Opnd r = alu("MOV", 1, KB, {l});
            emit("UIF " + src(align(r, 1)));
            if (op == EOpLogicalOr)
                emit("ELSE");
            Opnd rr = cond(b->getRight());
            alu_to("MOV", r, {rr});
            emit("ENDIF");
            Val v;
            v.s.push_back(r);
            return v;
        }
        case EOpComma:
            eval(b->getLeft());
            return eval(b->getRight());
        default: break;
        }
        Val l = load(eval(b->getLeft()));
        Val r = load(eval(b->getRight()));
        return arith(op, l, b->getLeft()->getType(), r, b->getRight()->getType(), b->getType());
    }
    const char *op_for(TOperator op, Kind k)
    {
        bool f = k == KF, i = k == KI;
        switch (op) {
        case EOpAdd: return f ? "ADD" : "UADD";
        case EOpMul:
        case EOpVectorTimesScalar:
        case EOpMatrixTimesScalar: return f ? "MUL" : "UMUL";
        case EOpDiv: return f ? "DIV" : i ? "IDIV" : "UDIV";
        case EOpMod: return f ? nullptr : i ? "MOD" : "UMOD";
        case EOpRightShift: return i ? "ISHR" : "USHR";
        case EOpLeftShift: return "SHL";
        case EOpAnd: return "AND";
        case EOpInclusiveOr: return "OR";
        case EOpExclusiveOr:
        case EOpLogicalXor: return "XOR";
        case EOpMin: return f ? "MIN" : i ? "IMIN" : "UMIN";
        case EOpMax: return f ? "MAX" : i ? "IMAX" : "UMAX";
        default: return nullptr;
        }
    }
    /* Slot-wise binary op with scalar broadcast. */
    Val cwise(const char *opname, const Val &a, const Val &b, Kind rk, bool swap = false)
    {
        Val r;
        size_t n = std::max(a.s.size(), b.s.size());
        for (size_t i = 0; i < n; i++) {
            const Opnd &x = a.s[std::min(i, a.s.size() - 1)];
            const Opnd &y = b.s[std::min(i, b.s.size() - 1)];
            int cn = std::max(x.n, y.n);
            r.s.push_back(swap ? alu(opname, cn, rk, {y, x}) : alu(opname, cn, rk, {x, y}));
        }
        return r;
    }
    Opnd reduce(const char *op, const Opnd &v)
    {
        if (v.n == 1)
            return v;
        Opnd r = alu(op, 1, KB, {comp(v, 0), comp(v, 1)});
        for (int c = 2; c < v.n; c++)
            alu_to(op, r, {r, comp(v, c)});
        return r;
    }
    Opnd dot(const Opnd &a, const Opnd &b, int n)
    {
        if (n == 1)
            return alu("MUL", 1, KF, {a, b});
        const char *op = n == 2 ? "DP2" : n == 3 ? "DP3" : "DP4";
        Opnd d = temp(1, KF);
        Opnd aa = align(a, n), bb = align(b, n);
        emit(std::string(op) + " " + dst(d) + ", " + src(aa) + ", " + src(bb));
        return d;
    }
    Val arith(TOperator op, const Val &a, const TType &ta, const Val &b, const TType &tb, const TType &tr)
    {
        Kind k = kind_of(ta);
        switch (op) {
        case EOpSub: {
            Val nb = b;
            for (Opnd &o : nb.s)
                o.neg = !o.neg;
            return cwise(k == KF ? "ADD" : "UADD", a, nb, k);
        }
        case EOpMul:
            /* Two matrices under EOpMul come from matrixCompMult (glslang turns the
             * `*` operator on matrices into EOpMatrixTimesMatrix): component-wise. */
            return cwise(op_for(EOpMul, k), a, b, k);
        case EOpMod:
            if (k == KF) {
                /* x - y * floor(x / y) */
                Val q = cwise("DIV", a, b, KF);
                for (Opnd &o : q.s)
                    o = alu("FLR", o.n, KF, {o});
                Val m = cwise("MUL", b, q, KF);
                for (Opnd &o : m.s)
                    o.neg = true;
                return cwise("ADD", a, m, KF);
            }
            return cwise(op_for(op, k), a, b, k);
        case EOpEqual:
        case EOpNotEqual: {
            bool eq = op == EOpEqual;
            Opnd acc;
            for (size_t i = 0; i < a.s.size(); i++) {
                Kind sk = a.s[i].kind;
                Opnd c = alu(sk == KF ? (eq ? "FSEQ" : "FSNE") : (eq ? "USEQ" : "USNE"), a.s[i].n, KB,
                             {a.s[i], b.s.at(i)});
                c = reduce(eq ? "AND" : "OR", c);
                if (i == 0)
                    acc = c;
                else
                    alu_to(eq ? "AND" : "OR", acc, {acc, c});
            }
            Val v;
            v.s.push_back(acc);
            return v;
        }
        case EOpVectorEqual:
            return cwise(k == KF ? "FSEQ" : "USEQ", a, b, KB);
        case EOpVectorNotEqual:
            return cwise(k == KF ? "FSNE" : "USNE", a, b, KB);
        case EOpLessThan:
            return cwise(k == KF ? "FSLT" : k == KI ? "ISLT" : "USLT", a, b, KB);
        case EOpGreaterThan:
            return cwise(k == KF ? "FSLT" : k == KI ? "ISLT" : "USLT", a, b, KB, true);
        case EOpLessThanEqual:
            return cwise(k == KF ? "FSGE" : k == KI ? "ISGE" : "USGE", a, b, KB, true);
        case EOpGreaterThanEqual:
            return cwise(k == KF ? "FSGE" : k == KI ? "ISGE" : "USGE", a, b, KB);
        case EOpMatrixTimesVector: {
            /* r = sum_c m[c] * v.c */
            int C = ta.getMatrixCols(), R = ta.getMatrixRows();
            const Opnd &v = b.s.at(0);
            Opnd r = alu("MUL", R, KF, {a.s[0], comp(v, 0)});
            for (int c = 1; c < C; c++)
                alu_to("MAD", r, {a.s[c], comp(v, c), r});
            Val out;
            out.s.push_back(r);
            return out;
        }
        case EOpVectorTimesMatrix: {
            int C = tb.getMatrixCols(), R = tb.getMatrixRows();
            Opnd r = temp(C, KF);
            for (int c = 0; c < C; c++) {
                Opnd d = dot(a.s.at(0), b.s[c], R);
                alu_to("MOV", comp(r, c), {d});
            }
            Val out;
            out.s.push_back(r);
            return out;
        }
        default: break;
        }
        if ((op == EOpMatrixTimesMatrix || op == EOpMul) && ta.isMatrix() && tb.isMatrix()) {
            int C1 = ta.getMatrixCols(), R = ta.getMatrixRows(), C2 = tb.getMatrixCols();
            Val out;
            for (int j = 0; j < C2; j++) {
                const Opnd &v = b.s.at(j);
                Opnd r = alu("MUL", R, KF, {a.s[0], comp(v, 0)});
                for (int c = 1; c < C1; c++)
                    alu_to("MAD", r, {a.s[c], comp(v, c), r});
                out.s.push_back(r);
            }
            return out;
        }
        const char *name = op_for(op, k);
        if (!name)
            unsupported(cur_line, "operator %d on %s", (int)op, tr.getCompleteString().c_str());
        return cwise(name, a, b, op == EOpLogicalXor ? KB : k);
    }
    Val unary(TIntermUnary *u)
    {
        TOperator op = u->getOp();
        TIntermTyped *x = u->getOperand();
        switch (op) {
        case EOpPostIncrement:
        case EOpPostDecrement:
        case EOpPreIncrement:
        case EOpPreDecrement: {
            Val old = copy_slots(load(eval(x)));
            Kind k = kind_of(x->getType());
            bool inc = op == EOpPostIncrement || op == EOpPreIncrement;
            Val one;
            Opnd o = k == KF ? immF(inc ? 1.0f : -1.0f) : immU(inc ? 1u : 0xffffffffu, k);
            one.s.push_back(o);
            Val nv = cwise(k == KF ? "ADD" : "UADD", old, one, k);
            assign_node(x, nv);
            return op == EOpPostIncrement || op == EOpPostDecrement ? old : nv;
        }
        default: break;
        }
        std::vector<Val> args{load(eval(x))};
        std::vector<const TType *> types{&x->getType()};
        return builtin(op, args, types, u->getType(), {x});
    }
    Val aggregate(TIntermAggregate *a)
    {
        TOperator op = a->getOp();
        if (op == EOpFunctionCall)
            return call(a);
        if (op == EOpSequence || op == EOpComma) {
            Val last;
            for (TIntermNode *c : a->getSequence()) {
                if (c->getAsTyped())
                    last = eval(c->getAsTyped());
                else
                    stmt(c);
            }
            return last;
        }
        if (op > EOpConstructGuardStart && op < EOpConstructGuardEnd)
            return construct(a);
        if (op == EOpEmitVertex || op == EOpEndPrimitive) {
            /* GLSL 1.50 8.10: EmitVertex() sends the current output values
             * (then undefined); EndPrimitive() ends the strip. Stream 0. */
            if (stage != SWR_GLSL_GEOMETRY)
                unsupported(cur_line, "EmitVertex / EndPrimitive outside a geometry shader");
            if (op == EOpEmitVertex)
                copy_outputs();
            emit(std::string(op == EOpEmitVertex ? "EMIT " : "ENDPRIM ") + src(immU(0, KI)));
            return Val();
        }
        std::vector<Val> args;
        std::vector<const TType *> types;
        std::vector<TIntermTyped *> nodes;
        for (TIntermNode *c : a->getSequence()) {
            TIntermTyped *t = c->getAsTyped();
            nodes.push_back(t);
            types.push_back(&t->getType());
            /* out arguments of modf are written after the call */
            if (op == EOpModf && nodes.size() == 2)
                args.push_back(Val());
            else
                args.push_back(load(eval(t)));
        }
        return builtin(op, args, types, a->getType(), nodes);
    }
    /* Components of a value, column-major. */
    void scalars(const Val &v, std::vector<Opnd> &out)
    {
        for (const Opnd &o : v.s)
            for (int c = 0; c < o.n; c++)
                out.push_back(comp(o, c));
    }
    Val construct(TIntermAggregate *a)
    {
        const TType &t = a->getType();
        TIntermSequence &seq = a->getSequence();
        if (t.isArray() || t.isStruct()) {
            Val r = alloc(t);
            size_t k = 0;
            for (TIntermNode *c : seq) {
                Val v = load(eval(c->getAsTyped()));
                for (const Opnd &o : v.s) {
                    Opnd d = r.s.at(k++);
                    store_slot(d, convert(o, d.kind));
                }
            }
            return r;
        }
        std::vector<Val> args;
        for (TIntermNode *c : seq)
            args.push_back(load(eval(c->getAsTyped())));
        Kind k = kind_of(t);
        Val r = alloc(t);
        std::vector<Leaf> l;
        leaves(t, l);
        if (t.isMatrix() && args.size() == 1 && seq[0]->getAsTyped()->getType().isMatrix()) {
            const TType &st = seq[0]->getAsTyped()->getType();
            for (int c = 0; c < t.getMatrixCols(); c++)
                for (int rr = 0; rr < t.getMatrixRows(); rr++) {
                    Opnd d = comp(r.s[c], rr);
                    d.n = 1;
                    if (c < st.getMatrixCols() && rr < st.getMatrixRows())
                        alu_to("MOV", d, {comp(args[0].s[c], rr)});
                    else
                        alu_to("MOV", d, {immF(c == rr ? 1.0f : 0.0f)});
                }
            return r;
        }
        std::vector<Opnd> comps;
        for (const Val &v : args)
            scalars(v, comps);
        bool single = args.size() == 1 && comps.size() == 1;
        Opnd first = single ? convert(comps[0], k) : Opnd();
        size_t idx = 0;
        for (size_t s = 0; s < r.s.size(); s++) {
            for (int c = 0; c < r.s[s].n; c++) {
                Opnd d = comp(r.s[s], c);
                if (single) {
                    if (t.isMatrix() && (int)s != c)
                        alu_to("MOV", d, {immF(0.0f)});
                    else
                        alu_to("MOV", d, {first});
                } else {
                    if (idx >= comps.size())
                        unsupported(cur_line, "constructor with too few components");
                    alu_to("MOV", d, {convert(comps[idx++], k)});
                }
            }
        }
        return r;
    }

    /* -- built-in functions -- */
    Opnd one_op(const char *op, const Opnd &a) { return alu(op, a.n, a.kind, {a}); }
    Val per_slot(const Val &v, const std::function<Opnd(const Opnd &)> &f)
    {
        Val r;
        for (const Opnd &o : v.s)
            r.s.push_back(f(o));
        return r;
    }
    Opnd atan_core(const Opnd &x) /* x in [0, 1] */
    {
        Opnd s = alu("MUL", x.n, KF, {x, x});
        static const float c[] = {-0.0121323213173444f, 0.0536813784310406f, -0.1173503194786851f,
                                  0.1938924977115610f, -0.3326756418091246f, 0.9999793128310355f};
        Opnd p = alu("MUL", x.n, KF, {s, immF(c[0])});
        for (int i = 1; i < 6; i++) {
            alu_to("ADD", p, {p, immF(c[i])});
            if (i < 5)
                alu_to("MUL", p, {p, s});
        }
        return alu("MUL", x.n, KF, {p, x});
    }
    /* atan2(y, x) component-wise. */
    Opnd atan2(const Opnd &y, const Opnd &x, int n)
    {
        Opnd ay = y, ax = x;
        ay.abs = true;
        ay.neg = false;
        ax.abs = true;
        ax.neg = false;
        Opnd mx = alu("MAX", n, KF, {ay, ax});
        Opnd mn = alu("MIN", n, KF, {ay, ax});
        Opnd q = alu("DIV", n, KF, {mn, mx});
        Opnd r = atan_core(q);
        /* |y| > |x|: pi/2 - r */
        Opnd big = alu("FSLT", n, KB, {ax, ay});
        Opnd alt = alu("ADD", n, KF, {immF((float)M_PI_2), negated(r)});
        alu_to("UCMP", r, {big, alt, r});
        /* x < 0: pi - r */
        Opnd neg = alu("FSLT", n, KB, {x, immF(0.0f)});
        Opnd alt2 = alu("ADD", n, KF, {immF((float)M_PI), negated(r)});
        alu_to("UCMP", r, {neg, alt2, r});
        /* y < 0: -r */
        Opnd yneg = alu("FSLT", n, KB, {y, immF(0.0f)});
        alu_to("UCMP", r, {yneg, negated(r), r});
        return r;
    }
    Opnd tex_coord_pad(const Opnd &c)
    {
        /* a 4-component temp holding c in .x.. */
        Opnd t = temp(4, KF);
        Opnd tt = t;
        tt.n = c.n;
        alu_to("MOV", tt, {c});
        return t;
    }
    Val texture(TOperator op, std::vector<Val> &args, std::vector<const TType *> &types, const TType &rt,
                const std::vector<TIntermTyped *> &nodes)
    {
        const Val &sv = args[0];
        if (sv.sampler < 0)
            unsupported(cur_line, "texture call on a non-uniform sampler");
        const TSampler &smp = types[0]->getSampler();
        unsigned target = tex_target(smp);
        const char *tname = tgsi_texture_name(target);
        char samp[32];
        snprintf(samp, sizeof samp, "SAMP[%d]", sv.sampler);
        samplers_used.insert(sv.sampler);
        Kind rk = smp.type == EbtInt ? KI : smp.type == EbtUint ? KU : KF;
        int rn = std::max(1, rt.getVectorSize());
        Opnd res = temp(4, rk);
        Opnd out = res;
        out.n = rn;
        if (op == EOpTextureQuerySize) {
            Opnd lod = args.size() > 1 ? args[1].s[0] : immI(0);
            Opnd l4 = tex_coord_pad(lod);
            emit("TXQ " + dst(res) + ", " + src(align(l4, 4)) + ", " + samp + ", " + tname);
            out.kind = KI;
            Val v;
            v.s.push_back(out);
            return v;
        }
        bool proj = op == EOpTextureProj || op == EOpTextureProjOffset || op == EOpTextureProjLod ||
                    op == EOpTextureProjLodOffset || op == EOpTextureProjGrad || op == EOpTextureProjGradOffset;
        bool lod = op == EOpTextureLod || op == EOpTextureLodOffset || op == EOpTextureProjLod ||
                   op == EOpTextureProjLodOffset;
        bool grad = op == EOpTextureGrad || op == EOpTextureGradOffset || op == EOpTextureProjGrad ||
                    op == EOpTextureProjGradOffset;
        bool fetch = op == EOpTextureFetch || op == EOpTextureFetchOffset;
        bool offset = op == EOpTextureOffset || op == EOpTextureProjOffset || op == EOpTextureLodOffset ||
                      op == EOpTextureProjLodOffset || op == EOpTextureGradOffset ||
                      op == EOpTextureProjGradOffset || op == EOpTextureFetchOffset;
        if (!(op == EOpTexture || proj || lod || grad || fetch || offset))
            unsupported(cur_line, "texture function %d", (int)op);
        Opnd coord = args[1].s.at(0);
        int ncoord = smp.dim == Esd1D ? 1 : smp.dim == Esd3D || smp.dim == EsdCube ? 3 : 2;
        if (smp.dim == EsdBuffer)
            ncoord = 1;
        size_t ai = 2;
        Opnd c4 = temp(4, coord.kind);
        if (proj) {
            /* divide s, t, r (and the shadow reference, in .z) by q */
            Opnd q = comp(coord, coord.n - 1);
            int nc = smp.shadow ? 3 : ncoord;
            for (int c = 0; c < nc; c++) {
                if (smp.shadow && ncoord == 1 && c == 1)
                    continue;
                alu_to("DIV", comp(c4, c), {comp(coord, c), q});
            }
        } else {
            Opnd t = c4;
            t.n = coord.n;
            alu_to("MOV", t, {coord});
        }
        std::string opname = "TEX";
        std::string extra;
        Opnd lodv, dx, dy, offv;
        bool has_lodv = false;
        if (fetch) {
            opname = "TXF";
            if (ai < args.size() && smp.dim != EsdRect && smp.dim != EsdBuffer) {
                alu_to("MOV", comp(c4, 3), {args[ai].s[0]});
                ai++;
            }
        } else if (grad) {
            opname = "TXD";
            dx = tex_coord_pad(args[ai++].s[0]);
            dy = tex_coord_pad(args[ai++].s[0]);
        } else if (lod) {
            lodv = args[ai++].s[0];
            has_lodv = true;
            opname = "TXL";
        }
        if (offset)
            offv = args[ai++].s.at(0);
        if (!fetch && !grad && !lod && ai < args.size()) {
            lodv = args[ai++].s[0];
            has_lodv = true;
            opname = "TXB";
        }
        std::string s;
        bool four = target == TGSI_TEXTURE_SHADOWCUBE || target == TGSI_TEXTURE_SHADOW2D_ARRAY ||
                    target == TGSI_TEXTURE_CUBE_ARRAY;
        if (has_lodv && four) {
            opname = opname == "TXB" ? "TXB2" : "TXL2";
            Opnd l4 = tex_coord_pad(lodv);
            s = opname + " " + dst(res) + ", " + src(align(c4, 4)) + ", " + src(align(l4, 4)) + ", " + samp;
        } else if (has_lodv) {
            alu_to("MOV", comp(c4, 3), {lodv});
            s = opname + " " + dst(res) + ", " + src(align(c4, 4)) + ", " + samp;
        } else if (grad) {
            s = opname + " " + dst(res) + ", " + src(align(c4, 4)) + ", " + src(align(dx, 4)) + ", " +
                src(align(dy, 4)) + ", " + samp;
        } else {
            s = opname + " " + dst(res) + ", " + src(align(c4, 4)) + ", " + samp;
        }
        s += std::string(", ") + tname;
        if (offset) {
            Opnd o = direct(offv);
            static const char xyzw[] = "xyzw";
            Opnd a = align(o, 3);
            std::string os = reg_text(o) + ".";
            for (int i = 0; i < 3; i++)
                os += xyzw[a.swz[i]];
            s += ", " + os;
        }
        emit(s);
        Val v;
        v.s.push_back(out);
        return v;
    }
    /* A square matrix as scalar components, m[column][row]. */
    typedef std::vector<std::vector<Opnd>> ScalarMatrix;
    static ScalarMatrix minor_of(const ScalarMatrix &m, int col, int row)
    {
        ScalarMatrix r;
        for (int c = 0; c < (int)m.size(); c++) {
            if (c == col)
                continue;
            r.emplace_back();
            for (int rr = 0; rr < (int)m[c].size(); rr++)
                if (rr != row)
                    r.back().push_back(m[c][rr]);
        }
        return r;
    }
    /* determinant() (GLSL 1.50 8.6) by cofactor expansion along the first
     * column: at most 4x4, so at most 40 multiplies, all scalar. */
    Opnd determinant_of(const ScalarMatrix &m)
    {
        int n = (int)m.size();
        if (n == 1)
            return m[0][0];
        if (n == 2) {
            Opnd t = alu("MUL", 1, KF, {m[1][0], m[0][1]});
            return alu("MAD", 1, KF, {m[0][0], m[1][1], negated(t)});
        }
        Opnd acc = alu("MUL", 1, KF, {m[0][0], determinant_of(minor_of(m, 0, 0))});
        for (int r = 1; r < n; r++) {
            Opnd d = determinant_of(minor_of(m, 0, r));
            acc = alu("MAD", 1, KF, {r & 1 ? negated(m[0][r]) : m[0][r], d, acc});
        }
        return acc;
    }
    ScalarMatrix scalar_matrix(const Val &v, int n)
    {
        ScalarMatrix m(n);
        for (int c = 0; c < n; c++)
            for (int r = 0; r < n; r++)
                m[c].push_back(comp(v.s[c], r));
        return m;
    }
    Val builtin(TOperator op, std::vector<Val> &args, std::vector<const TType *> &types, const TType &rt,
                const std::vector<TIntermTyped *> &nodes)
    {
        if ((op >= EOpTextureGuardBegin && op <= EOpTextureGuardEnd))
            return texture(op, args, types, rt, nodes);
        const Val &a = args.empty() ? Val() : args[0];
        Kind k = args.empty() ? KF : kind_of(*types[0]);
        int n = a.s.empty() ? 1 : a.s[0].n;
        auto F = [&](const char *o) { return per_slot(a, [&](const Opnd &x) { return one_op(o, x); }); };
        auto S = [&](const char *o) {
            return per_slot(a, [&](const Opnd &x) { return scalar_op(o, x.n, {x}); });
        };
        auto mulk = [&](float f) {
            return per_slot(a, [&](const Opnd &x) { return alu("MUL", x.n, KF, {x, immF(f)}); });
        };
        auto V = [&](Opnd o) {
            Val v;
            v.s.push_back(o);
            return v;
        };
        switch (op) {
        case EOpConvIntToFloat: return per_slot(a, [&](const Opnd &x) { return alu("I2F", x.n, KF, {x}); });
        case EOpConvUintToFloat: return per_slot(a, [&](const Opnd &x) { return alu("U2F", x.n, KF, {x}); });
        case EOpConvFloatToInt: return per_slot(a, [&](const Opnd &x) { return alu("F2I", x.n, KI, {x}); });
        case EOpConvFloatToUint: return per_slot(a, [&](const Opnd &x) { return alu("F2U", x.n, KU, {x}); });
        case EOpConvBoolToFloat: return per_slot(a, [&](const Opnd &x) { return convert(x, KF); });
        case EOpConvBoolToInt: return per_slot(a, [&](const Opnd &x) { return convert(x, KI); });
        case EOpConvBoolToUint: return per_slot(a, [&](const Opnd &x) { return convert(x, KU); });
        case EOpConvFloatToBool:
        case EOpConvIntToBool:
        case EOpConvUintToBool: return per_slot(a, [&](const Opnd &x) { return convert(x, KB); });
        case EOpConvIntToUint: return per_slot(a, [&](const Opnd &x) { return convert(x, KU); });
        case EOpConvUintToInt: return per_slot(a, [&](const Opnd &x) { return convert(x, KI); });
        case EOpNegative:
            if (k == KF)
                return per_slot(a, [&](const Opnd &x) { return alu("MOV", x.n, KF, {negated(x)}); });
            return F("INEG");
        case EOpLogicalNot:
        case EOpVectorLogicalNot:
        case EOpBitwiseNot: return F("NOT");
        case EOpRadians: return mulk((float)(M_PI / 180.0));
        case EOpDegrees: return mulk((float)(180.0 / M_PI));
        case EOpSin: return S("SIN");
        case EOpCos: return S("COS");
        case EOpTan: {
            Opnd s = scalar_op("SIN", n, {a.s[0]}), c = scalar_op("COS", n, {a.s[0]});
            return V(alu("DIV", n, KF, {s, c}));
        }
        case EOpAsin:
        case EOpAcos: {
            const Opnd &x = a.s[0];
            Opnd om = alu("ADD", n, KF, {immF(1.0f), negated(x)});
            Opnd op_ = alu("ADD", n, KF, {immF(1.0f), x});
            Opnd p = alu("MUL", n, KF, {om, op_});
            Opnd sq = scalar_op("SQRT", n, {p});
            return V(op == EOpAsin ? atan2(x, sq, n) : atan2(sq, x, n));
        }
        case EOpAtan:
            if (args.size() == 2)
                return V(atan2(a.s[0], args[1].s[0], n));
            return V(atan2(a.s[0], immF(1.0f), n));
        case EOpSinh:
        case EOpCosh:
        case EOpTanh: {
            const Opnd &x = a.s[0];
            Opnd e = scalar_op("EX2", n, {alu("MUL", n, KF, {x, immF((float)M_LOG2E)})});
            Opnd ei = scalar_op("RCP", n, {e});
            if (op == EOpSinh)
                return V(alu("MUL", n, KF, {alu("ADD", n, KF, {e, negated(ei)}), immF(0.5f)}));
            if (op == EOpCosh)
                return V(alu("MUL", n, KF, {alu("ADD", n, KF, {e, ei}), immF(0.5f)}));
            return V(alu("DIV", n, KF, {alu("ADD", n, KF, {e, negated(ei)}), alu("ADD", n, KF, {e, ei})}));
        }
        case EOpAsinh:
        case EOpAcosh:
        case EOpAtanh: {
            const Opnd &x = a.s[0];
            Opnd in;
            if (op == EOpAtanh) {
                Opnd q = alu("DIV", n, KF, {alu("ADD", n, KF, {immF(1.0f), x}),
                                             alu("ADD", n, KF, {immF(1.0f), negated(x)})});
                Opnd l = scalar_op("LG2", n, {q});
                return V(alu("MUL", n, KF, {l, immF((float)(0.5 * M_LN2))}));
            }
            Opnd x2 = alu("MAD", n, KF, {x, x, immF(op == EOpAsinh ? 1.0f : -1.0f)});
            Opnd s = scalar_op("SQRT", n, {x2});
            Opnd ax = x;
            if (op == EOpAsinh)
                ax.abs = true;
            Opnd l = scalar_op("LG2", n, {alu("ADD", n, KF, {ax, s})});
            Opnd r = alu("MUL", n, KF, {l, immF((float)M_LN2)});
            if (op == EOpAsinh) {
                Opnd sg = alu("SSG", n, KF, {x});
                r = alu("MUL", n, KF, {r, sg});
            }
            return V(r);
        }
        case EOpPow: return V(scalar_op("POW", n, {a.s[0], args[1].s[0]}));
        case EOpExp: return V(scalar_op("EX2", n, {alu("MUL", n, KF, {a.s[0], immF((float)M_LOG2E)})}));
        case EOpLog: return V(alu("MUL", n, KF, {scalar_op("LG2", n, {a.s[0]}), immF((float)M_LN2)}));
        case EOpExp2: return S("EX2");
        case EOpLog2: return S("LG2");
        case EOpSqrt: return S("SQRT");
        case EOpInverseSqrt: return S("RSQ");
        case EOpAbs:
            if (k == KF)
                return per_slot(a, [&](const Opnd &x) {
                    Opnd y = x;
                    y.abs = true;
                    y.neg = false;
                    return alu("MOV", x.n, KF, {y});
                });
            return F("IABS");
        case EOpSign: return F(k == KF ? "SSG" : "ISSG");
        case EOpFloor: return F("FLR");
        case EOpCeil: return F("CEIL");
        case EOpFract: return F("FRC");
        case EOpTrunc: return F("TRUNC");
        case EOpRound:
        case EOpRoundEven: return F("ROUND");
        case EOpModf: {
            Opnd i = alu("TRUNC", n, KF, {a.s[0]});
            Val iv = V(i);
            assign_node(nodes[1], iv);
            return V(alu("ADD", n, KF, {a.s[0], negated(i)}));
        }
        case EOpMin:
        case EOpMax: return cwise(op_for(op, k), a, args[1], k);
        case EOpClamp: {
            Val lo = cwise(op_for(EOpMax, k), a, args[1], k);
            return cwise(op_for(EOpMin, k), lo, args[2], k);
        }
        case EOpMix: {
            const Opnd &x = a.s[0], &y = args[1].s[0], &t = args[2].s[0];
            if (t.kind == KB)
                return V(alu("UCMP", n, KF, {t, y, x}));
            return V(alu("LRP", n, KF, {t, y, x}));
        }
        case EOpStep: {
            /* x < edge ? 0 : 1 */
            const Opnd &e = a.s[0], &x = args[1].s[0];
            int m = std::max(e.n, x.n);
            return V(alu("SGE", m, KF, {x, e}));
        }
        case EOpSmoothStep: {
            const Opnd &e0 = a.s[0], &e1 = args[1].s[0], &x = args[2].s[0];
            int m = x.n;
            Opnd num = alu("ADD", m, KF, {x, negated(e0)});
            Opnd den = alu("ADD", m, KF, {e1, negated(e0)});
            Opnd t = alu("DIV", m, KF, {num, den}, true);
            Opnd p = alu("MAD", m, KF, {t, immF(-2.0f), immF(3.0f)});
            Opnd t2 = alu("MUL", m, KF, {t, t});
            return V(alu("MUL", m, KF, {t2, p}));
        }
        case EOpIsNan: return V(alu("FSNE", n, KB, {a.s[0], a.s[0]}));
        case EOpIsInf: {
            Opnd x = a.s[0];
            x.abs = true;
            x.neg = false;
            return V(alu("FSEQ", n, KB, {x, immU(0x7f800000u, KF)}));
        }
        case EOpFloatBitsToInt:
        case EOpFloatBitsToUint:
        case EOpIntBitsToFloat:
        case EOpUintBitsToFloat: {
            Kind to = op == EOpFloatBitsToInt ? KI : op == EOpFloatBitsToUint ? KU : KF;
            return per_slot(a, [&](const Opnd &x) {
                Opnd y = x;
                y.kind = to;
                return y;
            });
        }
        case EOpLength: return V(scalar_op("SQRT", 1, {dot(a.s[0], a.s[0], n)}));
        case EOpDistance: {
            Opnd d = alu("ADD", n, KF, {a.s[0], negated(args[1].s[0])});
            return V(scalar_op("SQRT", 1, {dot(d, d, n)}));
        }
        case EOpDot: return V(dot(a.s[0], args[1].s[0], n));
        case EOpCross: {
            Opnd x = a.s[0], y = args[1].s[0];
            auto sw = [&](const Opnd &o, int i, int j, int kk) {
                Opnd r = align(o, 3);
                Opnd s = r;
                s.swz[0] = r.swz[i];
                s.swz[1] = r.swz[j];
                s.swz[2] = r.swz[kk];
                s.n = 3;
                return s;
            };
            Opnd t = alu("MUL", 3, KF, {sw(x, 1, 2, 0), sw(y, 2, 0, 1)});
            return V(alu("MAD", 3, KF, {negated(sw(x, 2, 0, 1)), sw(y, 1, 2, 0), t}));
        }
        case EOpNormalize: {
            Opnd d = dot(a.s[0], a.s[0], n);
            Opnd r = scalar_op("RSQ", 1, {d});
            return V(alu("MUL", n, KF, {a.s[0], r}));
        }
        case EOpFaceForward: {
            /* dot(Nref, I) < 0 ? N : -N */
            Opnd d = dot(args[2].s[0], args[1].s[0], n);
            Opnd lt = alu("FSLT", 1, KB, {d, immF(0.0f)});
            return V(alu("UCMP", n, KF, {lt, a.s[0], negated(a.s[0])}));
        }
        case EOpReflect: {
            const Opnd &I = a.s[0], &N = args[1].s[0];
            Opnd d = dot(N, I, n);
            Opnd d2 = alu("MUL", 1, KF, {d, immF(2.0f)});
            return V(alu("MAD", n, KF, {negated(d2), N, I}));
        }
        case EOpRefract: {
            const Opnd &I = a.s[0], &N = args[1].s[0], &eta = args[2].s[0];
            Opnd d = dot(N, I, n);
            Opnd one_d2 = alu("MAD", 1, KF, {negated(d), d, immF(1.0f)});
            Opnd e2 = alu("MUL", 1, KF, {eta, eta});
            Opnd kk = alu("MAD", 1, KF, {negated(e2), one_d2, immF(1.0f)});
            Opnd sq = scalar_op("SQRT", 1, {kk});
            Opnd f = alu("MAD", 1, KF, {eta, d, sq});
            Opnd t = alu("MUL", n, KF, {eta, I});
            Opnd r = alu("MAD", n, KF, {negated(f), N, t});
            Opnd neg = alu("FSLT", 1, KB, {kk, immF(0.0f)});
            return V(alu("UCMP", n, KF, {neg, immF(0.0f), r}));
        }
        case EOpDPdx:
        case EOpDPdxCoarse: return F("DDX");
        case EOpDPdy:
        case EOpDPdyCoarse: return F("DDY");
        case EOpDPdxFine: return F("DDX_FINE");
        case EOpDPdyFine: return F("DDY_FINE");
        case EOpFwidth:
        case EOpFwidthCoarse:
        case EOpFwidthFine: {
            bool fine = op == EOpFwidthFine;
            Opnd x = alu(fine ? "DDX_FINE" : "DDX", n, KF, {a.s[0]});
            Opnd y = alu(fine ? "DDY_FINE" : "DDY", n, KF, {a.s[0]});
            x.abs = y.abs = true;
            return V(alu("ADD", n, KF, {x, y}));
        }
        case EOpNoise: {
            int m = std::max(1, rt.getVectorSize());
            return V(alu("MOV", m, KF, {immF(0.0f)}));
        }
        case EOpAny: return V(reduce("OR", a.s[0]));
        case EOpAll: return V(reduce("AND", a.s[0]));
        case EOpMatrixTimesMatrix:
        case EOpOuterProduct: {
            if (op == EOpMatrixTimesMatrix)
                return cwise("MUL", a, args[1], KF);
            /* outerProduct(c, r): column j = c * r[j] */
            int C = rt.getMatrixCols(), R = rt.getMatrixRows();
            Val r;
            for (int j = 0; j < C; j++)
                r.s.push_back(alu("MUL", R, KF, {a.s[0], comp(args[1].s[0], j)}));
            return r;
        }
        case EOpTranspose: {
            Val r = alloc(rt);
            for (int c = 0; c < rt.getMatrixCols(); c++)
                for (int rr = 0; rr < rt.getMatrixRows(); rr++)
                    alu_to("MOV", comp(r.s[c], rr), {comp(a.s[rr], c)});
            return r;
        }
        case EOpDeterminant:
            return V(determinant_of(scalar_matrix(a, types[0]->getMatrixCols())));
        case EOpMatrixInverse: {
            /* inverse(A) = adjugate(A) / det(A): element (row r, column c) is
             * the cofactor of A's element (row c, column r) over det(A);
             * undefined for a singular matrix (GLSL 1.40 8.6). */
            int N = types[0]->getMatrixCols();
            ScalarMatrix m = scalar_matrix(a, N);
            Opnd det = determinant_of(m);
            Val r = alloc(rt);
            for (int c = 0; c < N; c++)
                for (int rr = 0; rr < N; rr++) {
                    Opnd cof = determinant_of(minor_of(m, rr, c));
                    alu_to("DIV", comp(r.s[c], rr), {(rr + c) & 1 ? negated(cof) : cof, det});
                }
            return r;
        }
        case EOpFtransform: {
            Val m = globals.at("gl_ModelViewProjectionMatrix");
            Val v = globals.at("gl_Vertex");
            TType vt(EbtFloat, EvqTemporary, 4);
            return arith(EOpMatrixTimesVector, load(m), ctx->mat4_type, load(v), vt, vt);
        }
        case EOpLessThan: case EOpGreaterThan: case EOpLessThanEqual: case EOpGreaterThanEqual:
        case EOpVectorEqual: case EOpVectorNotEqual: case EOpEqual: case EOpNotEqual:
            return arith(op, a, *types[0], args[1], *types[1], rt);
        default:
            break;
        }
        if (args.size() == 2)
            return arith(op, a, *types[0], args[1], *types[1], rt);
        unsupported(cur_line, "built-in operation %d", (int)op);
    }
};

/* Semantic of a built-in output (VS) or input (FS) by name. */
struct BuiltinIO {
    const char *name;
    const char *sem;
    int index;
    const char *interp;
};
const BuiltinIO vs_outs[] = {
    {"gl_Position", "POSITION", -1, nullptr},       {"gl_PointSize", "PSIZE", -1, nullptr},
    {"gl_ClipVertex", "CLIPVERTEX", -1, nullptr},   {"gl_FrontColor", "COLOR", 0, nullptr},
    {"gl_FrontSecondaryColor", "COLOR", 1, nullptr}, {"gl_BackColor", "BCOLOR", 0, nullptr},
    {"gl_BackSecondaryColor", "BCOLOR", 1, nullptr}, {"gl_FogFragCoord", "FOG", -1, nullptr},
};
const BuiltinIO fs_ins[] = {
    {"gl_FragCoord", "POSITION", -1, "LINEAR"},    {"gl_FrontFacing", "FACE", -1, "CONSTANT"},
    {"gl_PointCoord", "PCOORD", -1, "LINEAR"},     {"gl_Color", "COLOR", 0, "COLOR"},
    {"gl_SecondaryColor", "COLOR", 1, "COLOR"},    {"gl_FogFragCoord", "FOG", -1, "PERSPECTIVE"},
};

std::string sem_text(const char *sem, int index)
{
    return index < 0 ? std::string(sem) : std::string(sem) + "[" + std::to_string(index) + "]";
}

/* The TGSI COLOR index of element i of fragment output n: its draw buffer,
 * except that the second source of dual-source blending (index 1, only at
 * location 0) is COLOR[1], which the pipe takes as the second colour of
 * render target 0 when the blend state reads SRC1 factors. */
int frag_color_semantic(const LinkCtx &ctx, const std::string &n, int i)
{
    auto idx = ctx.frag_index.find(n);
    return ctx.frag_loc.at(n) + i + (idx != ctx.frag_index.end() ? idx->second : 0);
}

} /* namespace */

/* ---- one stage: its registers, the walk, the text ----------------------- */

/* The slots of an in/out interface block t (not gl_PerVertex) and their
 * GENERIC indices from `map` ("Block.member" keys, see assign_varyings in
 * glsl_link.cpp), in leaves() order; false when the other stage does not
 * read the block (no member in the map). */
bool block_generics(const TType &t, const std::map<std::string, VaryingSlot> &map, std::vector<int> &gens)
{
    std::string bn = t.getTypeName().c_str();
    for (const TTypeLoc &m : *t.getStruct()) {
        auto it = map.find(bn + "." + m.type->getFieldName().c_str());
        if (it == map.end())
            return false;
        for (int i = 0; i < slots_of(*m.type); i++)
            gens.push_back(it->second.generic + i);
    }
    return true;
}

/* TGSI names of the GS layout qualifiers (GLSL 1.50 4.3.8.1 / 4.3.8.2). */
const char *gs_prim_name(TLayoutGeometry g)
{
    switch (g) {
    case ElgPoints: return "POINTS";
    case ElgLines: return "LINES";
    case ElgLinesAdjacency: return "LINES_ADJACENCY";
    case ElgTriangles: return "TRIANGLES";
    case ElgTrianglesAdjacency: return "TRIANGLES_ADJACENCY";
    case ElgLineStrip: return "LINE_STRIP";
    case ElgTriangleStrip: return "TRIANGLE_STRIP";
    default: return nullptr;
    }
}
int gs_prim_vertices(TLayoutGeometry g)
{
    return g == ElgPoints ? 1 : g == ElgLines ? 2 : g == ElgLinesAdjacency ? 4 : g == ElgTriangles ? 3 : 6;
}

void gen_stage(LinkCtx &ctx, int stage, TIntermediate *im, std::string &out, bool optimize)
{
    Gen g;
    g.optimize = optimize;
    g.ctx = &ctx;
    g.stage = stage;
    g.im = im;
    g.scopes.emplace_back();
    bool vs = stage == SWR_GLSL_VERTEX, gs = stage == SWR_GLSL_GEOMETRY;
    /* the user varyings this stage writes: read by the GS when there is
     * one, else by the FS */
    const std::map<std::string, VaryingSlot> &out_map = vs && ctx.has_gs ? ctx.gs_varyings : ctx.varyings;
    TIntermAggregate *root = im->getTreeRoot() ? im->getTreeRoot()->getAsAggregate() : nullptr;
    if (!root)
        unsupported(0, "empty shader");
    std::vector<TIntermNode *> global_init;
    for (TIntermNode *n : root->getSequence()) {
        TIntermAggregate *a = n->getAsAggregate();
        if (a && a->getOp() == EOpFunction)
            g.functions[a->getName().c_str()] = a;
        else if (a && a->getOp() == EOpLinkerObjects)
            continue;
        else
            global_init.push_back(n);
    }
    auto mainit = g.functions.find("main(");
    if (mainit == g.functions.end())
        unsupported(0, "no main()");
    std::map<std::string, const TType *> &used = ctx.used[stage];

    std::vector<std::string> in_decls, out_decls, pro;
    /* uniform blocks: each leaf reads its CONST[block][offset / 16] in
     * place, swizzled from component (offset / 4) % 4 (std140 keeps a
     * vector inside one vec4); a column of a row-major matrix is gathered
     * from its rows into a TEMP in the prologue. */
    std::set<int> cbufs_used;
    for (auto &kv : used) {
        if (!is_uniform_block(*kv.second))
            continue;
        const BlockVar &b = ctx.blocks[ctx.block_index.at(kv.second->getTypeName().c_str())];
        Val v;
        for (int e = 0; e < b.elements; e++) {
            cbufs_used.insert(b.cbuf[stage] + e);
            for (const BlockLeaf &l : b.leaves) {
                Opnd o;
                o.file = F_CONST;
                o.cbuf = b.cbuf[stage] + e;
                o.n = l.n;
                o.kind = l.k;
                if (l.stride == 4) {
                    o.index = l.offset / 16;
                    for (int c = 0; c < 4; c++)
                        o.swz[c] = (uint8_t)std::min(3, l.offset / 4 % 4 + std::min(c, l.n - 1));
                    if (l.k == KB) {
                        /* a bool is any nonzero word (GL 3.1 2.11.4):
                         * made ~0 / 0 once, here, instead of at every
                         * reference of the block (symbol()) */
                        Opnd t = g.temp(l.n, KB);
                        pro.push_back("USNE " + g.dst(t) + ", " + g.src(g.align(o, l.n)) + ", " +
                                      g.src(g.align(g.immU(0), l.n)));
                        v.s.push_back(t);
                        continue;
                    }
                    v.s.push_back(o);
                    continue;
                }
                Opnd t = g.temp(l.n, l.k);
                for (int r = 0; r < l.n; r++) {
                    int at = l.offset + r * l.stride;
                    o.index = at / 16;
                    o.n = 1;
                    for (int c = 0; c < 4; c++)
                        o.swz[c] = (uint8_t)(at / 4 % 4);
                    pro.push_back(std::string(l.k == KB ? "USNE " : "MOV ") + g.dst(comp(t, r)) + ", " +
                                  g.src(o) + (l.k == KB ? ", " + g.src(g.immU(0)) : ""));
                }
                v.s.push_back(t);
            }
        }
        g.globals[kv.first] = v;
    }
    /* uniforms */
    for (auto &kv : used) {
        if (!is_uniform(*kv.second) || is_uniform_block(*kv.second))
            continue;
        const UniformVar &u = ctx.uniforms[ctx.uniform_index.at(kv.first)];
        std::vector<Leaf> l;
        leaves(*u.type, l);
        Val v;
        for (size_t i = 0; i < l.size(); i++) {
            Opnd o;
            o.file = F_CONST;
            o.index = u.reg + (int)i;
            o.n = l[i].n;
            o.kind = l[i].k;
            v.s.push_back(o);
        }
        v.sampler = u.sampler;
        v.sampler_type = u.type;
        g.globals[kv.first] = v;
    }
    /* inputs */
    if (vs) {
        for (const AttribVar &a : ctx.attribs) {
            Val v;
            std::vector<Leaf> l;
            leaves(*a.type, l);
            for (int i = 0; i < a.num_inputs; i++) {
                Opnd o;
                o.file = F_IN;
                o.index = a.first_input + i;
                o.n = l[i].n;
                o.kind = l[i].k;
                v.s.push_back(o);
                in_decls.push_back("DCL IN[" + std::to_string(a.first_input + i) + "]");
            }
            g.globals[a.name] = v;
            g.num_in = std::max(g.num_in, a.first_input + a.num_inputs);
        }
        for (auto &kv : used) {
            const std::string &n = kv.first;
            if (n == "gl_VertexID" || n == "gl_InstanceID") {
                int sv = g.num_sv++;
                in_decls.push_back("DCL SV[" + std::to_string(sv) + "], " +
                                   (n == "gl_VertexID" ? "VERTEXID" : "INSTANCEID"));
                Opnd o;
                o.file = F_SV;
                o.index = sv;
                o.n = 1;
                o.kind = KI;
                Val v;
                v.s.push_back(o);
                g.globals[n] = v;
            }
        }
    } else if (gs) {
        /* Inputs of a GS: IN[vertex][slot], one slot register for all
         * vertices, copied per vertex into a TEMP array in the prologue so
         * that any vertex index works (gl_in[i] in a loop). */
        const int nv = gs_prim_vertices(im->getInputPrimitive());
        auto sized = [&](const TType &t) {
            TType *c = new TType;
            c->deepCopy(t);
            if (c->isArray())
                c->changeOuterArraySize(nv);
            return c;
        };
        auto declare_in = [&](const std::string &sem) {
            int r = g.num_in++;
            in_decls.push_back("DCL IN[][" + std::to_string(r) + "], " + sem);
            return r;
        };
        /* copies input slot register r (components n, kind k) of every
         * vertex to slot `first + v * stride` of v */
        auto copy_in = [&](const Val &v, int first, int stride, int r, int comp) {
            for (int vx = 0; vx < nv; vx++) {
                const Opnd &d = v.s[first + vx * stride];
                std::string sw;
                for (int c = 0; c < 4; c++)
                    sw += "xyzw"[comp >= 0 ? comp : std::min(c, d.n - 1)];
                pro.push_back("MOV " + g.dst(d) + ", IN[" + std::to_string(vx) + "][" + std::to_string(r) + "]." + sw);
            }
        };
        for (auto &kv : used) {
            const std::string &n = kv.first;
            const TType &t = *kv.second;
            TStorageQualifier q = t.getQualifier().storage;
            if (is_uniform(t) || q != EvqVaryingIn)
                continue;
            if (n == "gl_PrimitiveIDIn") {
                int sv = g.num_sv++;
                in_decls.push_back("DCL SV[" + std::to_string(sv) + "], PRIMID");
                Opnd o;
                o.file = F_SV;
                o.index = sv;
                o.n = 1;
                o.kind = KI;
                Val v;
                v.s.push_back(o);
                g.globals[n] = v;
                continue;
            }
            if (!t.isArray())
                unsupported(0, "geometry shader input '%s' that is not an array", n.c_str());
            const TType *st = sized(t);
            TType et(*st, 0);
            Val v = g.alloc(*st);
            int stride = slots_of(et);
            if (n == "gl_in") {
                /* gl_PerVertex: what the VS writes of gl_Position,
                 * gl_PointSize and gl_ClipDistance (the other members read 0) */
                for (Opnd &o : v.s)
                    pro.push_back("MOV " + g.dst(o) + ", " + g.src(g.align(g.immU(0, o.kind), o.n)));
                int off = 0;
                for (const TTypeLoc &m : *et.getStruct()) {
                    const std::string mn = m.type->getFieldName().c_str();
                    int ns = slots_of(*m.type);
                    if (mn == "gl_Position" || (mn == "gl_PointSize" && ctx.used[SWR_GLSL_VERTEX].count(mn))) {
                        int r = declare_in(mn == "gl_Position" ? "POSITION" : "PSIZE");
                        copy_in(v, off, stride, r, -1);
                    } else if (mn == "gl_ClipDistance" && ctx.used[SWR_GLSL_VERTEX].count(mn)) {
                        int len = array_len(*ctx.used[SWR_GLSL_VERTEX].at(mn), 8);
                        int r0 = -1;
                        for (int i = 0; i < (len + 3) / 4; i++) {
                            int r = declare_in("CLIPDIST[" + std::to_string(i) + "]");
                            if (i == 0)
                                r0 = r;
                        }
                        for (int i = 0; i < std::min(len, ns); i++)
                            copy_in(v, off + i, stride, r0 + i / 4, i % 4);
                    }
                    off += ns;
                }
                g.globals[n] = v;
                continue;
            }
            if (n.compare(0, 3, "gl_") == 0)
                unsupported(0, "geometry shader input '%s'", n.c_str());
            std::vector<int> gens;
            if (et.getBasicType() == EbtBlock) {
                if (!block_generics(et, ctx.gs_varyings, gens))
                    unsupported(0, "input block '%s'", et.getTypeName().c_str());
            } else {
                const VaryingSlot &vsl = ctx.gs_varyings.at(n);
                for (int i = 0; i < stride; i++)
                    gens.push_back(vsl.generic + i);
            }
            for (int i = 0; i < stride; i++) {
                int r = declare_in("GENERIC[" + std::to_string(gens[i]) + "]");
                copy_in(v, i, stride, r, -1);
            }
            g.globals[n] = v;
        }
    } else {
        for (auto &kv : used) {
            const std::string &n = kv.first;
            const TType &t = *kv.second;
            TStorageQualifier q = t.getQualifier().storage;
            if (is_uniform(t))
                continue;
            const BuiltinIO *b = nullptr;
            for (const BuiltinIO &x : fs_ins)
                if (n == x.name)
                    b = &x;
            auto declare_in = [&](const std::string &sem, const char *interp, int ncomp, Kind k) {
                int r = g.num_in++;
                in_decls.push_back("DCL IN[" + std::to_string(r) + "], " + sem + ", " + interp);
                Opnd o;
                o.file = F_IN;
                o.index = r;
                o.n = ncomp;
                o.kind = k;
                return o;
            };
            if (b) {
                Opnd o = declare_in(sem_text(b->sem, b->index), b->interp, std::max(1, t.getVectorSize()), KF);
                Val v;
                if (n == "gl_FrontFacing") {
                    o.n = 1;
                    Opnd face = g.temp(1, KB);
                    pro.push_back("FSLT " + g.dst(face) + ", " + g.src(g.align(g.immF(0.0f), 1)) + ", " +
                                  g.src(g.align(o, 1)));
                    v.s.push_back(face);
                } else {
                    /* gl_FragCoord: swr's GL frontend stores images bottom-up
                     * (row 0 is GL's y = 0), so GL's lower-left origin is the
                     * pipe's row-based default (FS_COORD_ORIGIN UPPER_LEFT) and
                     * no property is emitted; centres are HALF_INTEGER, also
                     * the default. */
                    v.s.push_back(o);
                }
                g.globals[n] = v;
                continue;
            }
            if (n == "gl_TexCoord") {
                int len = array_len(t, 8);
                Val v = g.alloc(t);
                for (int i = 0; i < len; i++) {
                    Opnd o = declare_in("GENERIC[" + std::to_string(i) + "]", "PERSPECTIVE", 4, KF);
                    pro.push_back("MOV " + g.dst(v.s[i]) + ", " + g.src(o));
                }
                g.globals[n] = v;
                continue;
            }
            if (q == EvqVaryingIn && t.getBasicType() == EbtBlock &&
                std::string(t.getTypeName().c_str()).compare(0, 3, "gl_") != 0) {
                /* an input block (GLSL 1.50): its members' slots, each
                 * interpolated as the member or the block says */
                std::vector<int> gens;
                if (!block_generics(t, ctx.varyings, gens))
                    unsupported(0, "input block '%s'", t.getTypeName().c_str());
                Val v = g.alloc(t);
                size_t at = 0;
                for (const TTypeLoc &m : *t.getStruct()) {
                    const TQualifier &mq = m.type->getQualifier(), &bq = t.getQualifier();
                    const char *interp = mq.flat || bq.flat         ? "CONSTANT"
                                         : mq.nopersp || bq.nopersp ? "LINEAR"
                                                                    : "PERSPECTIVE";
                    std::string loc = mq.centroid || bq.centroid ? ", CENTROID" : "";
                    for (int i = 0; i < slots_of(*m.type); i++, at++) {
                        int r = g.num_in++;
                        in_decls.push_back("DCL IN[" + std::to_string(r) + "], GENERIC[" + std::to_string(gens[at]) +
                                           "], " + interp + loc);
                        Opnd o;
                        o.file = F_IN;
                        o.index = r;
                        o.n = v.s[at].n;
                        o.kind = v.s[at].kind;
                        pro.push_back("MOV " + g.dst(v.s[at]) + ", " + g.src(g.align(o, o.n)));
                    }
                }
                g.globals[n] = v;
                continue;
            }
            if (q == EvqVaryingIn && n.compare(0, 3, "gl_") != 0) {
                const VaryingSlot &vsl = ctx.varyings.at(n);
                const TQualifier &qq = t.getQualifier();
                const char *interp = qq.flat ? "CONSTANT" : qq.nopersp ? "LINEAR" : "PERSPECTIVE";
                std::string loc = qq.centroid ? ", CENTROID" : "";
                std::vector<Leaf> l;
                leaves(t, l);
                Val v = g.alloc(t);
                for (size_t i = 0; i < l.size(); i++) {
                    int r = g.num_in++;
                    in_decls.push_back("DCL IN[" + std::to_string(r) + "], GENERIC[" +
                                       std::to_string(vsl.generic + (int)i) + "], " + interp + loc);
                    Opnd o;
                    o.file = F_IN;
                    o.index = r;
                    o.n = l[i].n;
                    o.kind = l[i].k;
                    pro.push_back("MOV " + g.dst(v.s[i]) + ", " + g.src(g.align(o, o.n)));
                }
                g.globals[n] = v;
                continue;
            }
            if (n == "gl_PrimitiveID") {
                /* GLSL 1.50: the primitive's number in the draw, the
                 * engine's per-primitive ID (TGSI SV PRIMID). */
                int sv = g.num_sv++;
                in_decls.push_back("DCL SV[" + std::to_string(sv) + "], PRIMID");
                Opnd o;
                o.file = F_SV;
                o.index = sv;
                o.n = 1;
                o.kind = KI;
                Val v;
                v.s.push_back(o);
                g.globals[n] = v;
                continue;
            }
            if (q == EvqVaryingIn || q == EvqFace || q == EvqFragCoord || q == EvqPointCoord)
                unsupported(0, "fragment input '%s'", n.c_str());
        }
    }
    /* outputs */
    auto add_out = [&](const std::string &name, const TType &t, const std::string &sem, int count) {
        OutVar o;
        o.name = name;
        o.shadow = g.alloc(t);
        o.first_out = g.num_out;
        g.num_out += count;
        g.globals[name] = o.shadow;
        g.outs.push_back(o);
        return &g.outs.back();
    };
    std::vector<std::string> order = ctx.order[stage];
    std::map<std::string, const TType *> all_types = ctx.declared[stage];
    for (auto &kv : used)
        if (!all_types.count(kv.first)) {
            all_types[kv.first] = kv.second;
            order.push_back(kv.first);
        }
    for (const std::string &n : order) {
        if (g.globals.count(n))
            continue;
        const TType &t = *all_types.at(n);
        TStorageQualifier q = t.getQualifier().storage;
        bool is_out = q == EvqVaryingOut || q == EvqPosition || q == EvqPointSize || q == EvqClipVertex ||
                      q == EvqFragColor || q == EvqFragDepth;
        if (!is_out)
            continue;
        if (vs || gs) {
            if (gs && (n == "gl_PrimitiveID" || n == "gl_Layer")) {
                /* GLSL 1.50 7.1: the primitive ID the FS reads, the layer of a layered framebuffer */
                OutVar *o = add_out(n, t, "", 1);
                out_decls.push_back("DCL OUT[" + std::to_string(o->first_out) + "], " +
                                    (n == "gl_Layer" ? "LAYER" : "PRIMID"));
                continue;
            }
            if (t.getBasicType() == EbtBlock && std::string(t.getTypeName().c_str()).compare(0, 3, "gl_") != 0) {
                /* an output block (GLSL 1.50): the members' slots, when
                 * the next stage reads the block */
                std::vector<int> gens;
                if (!block_generics(t, out_map, gens)) {
                    g.globals[n] = g.alloc(t);
                    continue;
                }
                OutVar *o = add_out(n, t, "", (int)gens.size());
                for (size_t i = 0; i < gens.size(); i++)
                    out_decls.push_back("DCL OUT[" + std::to_string(o->first_out + (int)i) + "], GENERIC[" +
                                        std::to_string(gens[i]) + "]");
                continue;
            }
            const BuiltinIO *b = nullptr;
            for (const BuiltinIO &x : vs_outs)
                if (n == x.name)
                    b = &x;
            if (b) {
                OutVar *o = add_out(n, t, sem_text(b->sem, b->index), 1);
                out_decls.push_back("DCL OUT[" + std::to_string(o->first_out) + "], " + sem_text(b->sem, b->index));
            } else if (n == "gl_TexCoord") {
                int len = array_len(t, 8);
                OutVar *o = add_out(n, t, "", len);
                for (int i = 0; i < len; i++)
                    out_decls.push_back("DCL OUT[" + std::to_string(o->first_out + i) + "], GENERIC[" +
                                        std::to_string(i) + "]");
            } else if (n == "gl_ClipDistance") {
                int len = array_len(t, 8);
                int nreg = (len + 3) / 4;
                OutVar *o = add_out(n, t, "", nreg);
                o->clipdist = len;
                for (int i = 0; i < nreg; i++) {
                    static const char *m[] = {"", ".x", ".xy", ".xyz", ""};
                    int c = std::min(4, len - 4 * i);
                    out_decls.push_back("DCL OUT[" + std::to_string(o->first_out + i) + "]" + m[c] +
                                        ", CLIPDIST[" + std::to_string(i) + "]");
                }
                g.props.push_back("PROPERTY NUM_CLIPDIST_ENABLED " + std::to_string(len));
            } else if (n.compare(0, 3, "gl_") != 0) {
                auto it = out_map.find(n);
                if (it == out_map.end()) {
                    /* not read by the next stage: a plain global */
                    g.globals[n] = g.alloc(t);
                    continue;
                }
                int cnt = slots_of(t);
                OutVar *o = add_out(n, t, "", cnt);
                for (int i = 0; i < cnt; i++)
                    out_decls.push_back("DCL OUT[" + std::to_string(o->first_out + i) + "], GENERIC[" +
                                        std::to_string(it->second.generic + i) + "]");
            } else {
                g.globals[n] = g.alloc(t);
            }
        } else {
            if (n == "gl_FragColor") {
                OutVar *o = add_out(n, t, "", 1);
                out_decls.push_back("DCL OUT[" + std::to_string(o->first_out) + "], COLOR");
                g.props.push_back("PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1");
            } else if (n == "gl_FragData") {
                int len = array_len(t, 8);
                OutVar *o = add_out(n, t, "", len);
                for (int i = 0; i < len; i++)
                    out_decls.push_back("DCL OUT[" + std::to_string(o->first_out + i) + "], COLOR[" +
                                        std::to_string(i) + "]");
            } else if (n == "gl_FragDepth") {
                OutVar *o = add_out(n, t, "", 1);
                o->depth = true;
                out_decls.push_back("DCL OUT[" + std::to_string(o->first_out) + "], POSITION");
            } else if (n.compare(0, 3, "gl_") != 0) {
                int cnt = slots_of(t);
                OutVar *o = add_out(n, t, "", cnt);
                for (int i = 0; i < cnt; i++)
                    out_decls.push_back("DCL OUT[" + std::to_string(o->first_out + i) + "], COLOR[" +
                                        std::to_string(frag_color_semantic(ctx, n, i)) + "]");
            } else {
                g.globals[n] = g.alloc(t);
            }
        }
    }
    /* outputs that are used but were not in the linker objects */
    for (auto &kv : used)
        if (!g.globals.count(kv.first)) {
            TStorageQualifier q = kv.second->getQualifier().storage;
            if (q == EvqVaryingOut || q == EvqGlobal)
                g.globals[kv.first] = g.alloc(*kv.second);
            else if (!is_uniform(*kv.second))
                unsupported(0, "built-in variable '%s'", kv.first.c_str());
        }

    for (std::string &s : pro)
        g.emit(s);
    for (TIntermNode *n : global_init)
        g.stmt(n);
    g.run_body(mainit->second, Val());
    /* epilogue: outputs (a GS has sent its vertices with EMIT) */
    if (!gs)
        g.copy_outputs();
    g.emit("END");

    /* assemble */
    std::string t = vs ? "VERT\n" : gs ? "GEOM\n" : "FRAG\n";
    if (vs)
        t += ctx.has_gs ? "PROPERTY NEXT_SHADER GEOM\n" : "PROPERTY NEXT_SHADER FRAG\n";
    if (gs) {
        const char *in = gs_prim_name(im->getInputPrimitive()), *op = gs_prim_name(im->getOutputPrimitive());
        if (!in || !op || im->getVertices() == TQualifier::layoutNotSet)
            unsupported(0, "geometry shader without input / output primitive or max_vertices layout");
        t += std::string("PROPERTY GS_INPUT_PRIMITIVE ") + in + "\n";
        t += std::string("PROPERTY GS_OUTPUT_PRIMITIVE ") + op + "\n";
        t += "PROPERTY GS_MAX_OUTPUT_VERTICES " + std::to_string(im->getVertices()) + "\n";
        t += "PROPERTY GS_INVOCATIONS 1\n";
    }
    for (auto &p : g.props)
        t += p + "\n";
    for (auto &d : in_decls)
        t += d + "\n";
    for (auto &d : out_decls)
        t += d + "\n";
    if (ctx.num_const_regs)
        t += "DCL CONST[0][0.." + std::to_string(ctx.num_const_regs - 1) + "]\n";
    for (const BlockVar &b : ctx.blocks)
        for (int e = 0; e < b.elements; e++)
            if (b.cbuf[stage] >= 0 && cbufs_used.count(b.cbuf[stage] + e))
                t += "DCL CONST[" + std::to_string(b.cbuf[stage] + e) + "][0.." +
                     std::to_string(std::max(0, (b.size + 15) / 16 - 1)) + "]\n";
    /* temporaries: runs of plain temps and the arrays */
    {
        std::vector<int> owner(g.ntemps, 0);
        for (auto &a : g.temp_arrays)
            for (int i = a.first.first; i <= a.first.second; i++)
                owner[i] = a.second;
        int i = 0;
        while (i < g.ntemps) {
            int j = i;
            while (j + 1 < g.ntemps && owner[j + 1] == owner[i])
                j++;
            if (owner[i] == 0) {
                t += "DCL TEMP[" + std::to_string(i) + ".." + std::to_string(j) + "], LOCAL\n";
            } else {
                for (auto &a : g.temp_arrays)
                    if (a.second == owner[i])
                        j = a.first.second;
                t += "DCL TEMP[" + std::to_string(i) + ".." + std::to_string(j) + "], ARRAY(" +
                     std::to_string(owner[i]) + "), LOCAL\n";
            }
            i = j + 1;
        }
    }
    if (g.uses_addr)
        t += "DCL ADDR[0]\n";
    for (int s : g.samplers_used) {
        unsigned tg = ctx.sampler_targets.at(s);
        t += "DCL SAMP[" + std::to_string(s) + "]\n";
        t += "DCL SVIEW[" + std::to_string(s) + "], " + tgsi_texture_name(tg) + ", FLOAT\n";
    }
    for (size_t i = 0; i < g.imms.size(); i++) {
        char b[128];
        snprintf(b, sizeof b, "IMM[%zu] UINT32 {%u, %u, %u, %u}\n", i, g.imms[i][0], g.imms[i][1], g.imms[i][2],
                 g.imms[i][3]);
        t += b;
    }
    /* number instructions and resolve labels */
    std::vector<std::string> insts;
    for (auto &c : g.code)
        if (!c.empty())
            insts.push_back(c);
    std::vector<int> label(insts.size(), -1);
    std::vector<size_t> stack;
    for (size_t i = 0; i < insts.size(); i++) {
        const std::string &s = insts[i];
        if (s.compare(0, 3, "IF ") == 0 || s.compare(0, 4, "UIF ") == 0 || s == "BGNLOOP") {
            stack.push_back(i);
        } else if (s == "ELSE") {
            label[stack.back()] = (int)i;
            stack.back() = i;
        } else if (s == "ENDIF") {
            label[stack.back()] = (int)i;
            stack.pop_back();
        } else if (s == "ENDLOOP") {
            label[stack.back()] = (int)i;
            label[i] = (int)stack.back();
            stack.pop_back();
        }
    }
    int indent = 0;
    for (size_t i = 0; i < insts.size(); i++) {
        const std::string &s = insts[i];
        if (s == "ELSE" || s == "ENDIF" || s == "ENDLOOP")
            indent--;
        char b[32];
        snprintf(b, sizeof b, "%3zu: ", i);
        t += b + std::string(2 * std::max(0, indent), ' ') + s;
        if (label[i] >= 0)
            t += " :" + std::to_string(label[i]);
        t += "\n";
        if (s.compare(0, 3, "IF ") == 0 || s.compare(0, 4, "UIF ") == 0 || s == "ELSE" || s == "BGNLOOP")
            indent++;
    }
    out = t;
}

} /* namespace glsl */
