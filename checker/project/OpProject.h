// Operator-project discovery: what the build system of an operator project
// (op_host/ + op_kernel/, as in ops-math and the msOpGen template) supplies to
// a kernel, read from the project's own files instead of a build.
//
//   findOpProject(kernelFile, overrideRoot)  the op root and what it declares
//   tilingPrelude(project)                   C++ text the frontend force-includes:
//                                            the tiling structs and GET_TILING_DATA
//   dtypeVariants(project)                   one -D set per declared dtype combination
//
// Free of CLI concerns: the host tiling interpreter (checker/host/) reads the same
// structures. Parsing is textual (the host files include CANN headers the linter
// does not have); what is not recognised is left out, never guessed.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace alint::project {

// One field of a BEGIN_TILING_DATA_DEF struct.
struct TilingField {
  std::string type; // C++ type as written (`int64_t`, `TCubeTiling`, another tiling struct)
  std::string name;
  std::string arrayLen;  // TILING_DATA_FIELD_DEF_ARR: the element count as written; empty otherwise
  bool isStruct = false; // TILING_DATA_FIELD_DEF_STRUCT
};

struct TilingStruct {
  std::string name;
  std::vector<TilingField> fields;
  std::string file; // where it is defined
  unsigned line = 0;
  // Array lengths the header computes (`constexpr size_t kN = static_cast<
  // size_t>(0x8) * 3;`): their declarations, dependencies first, emitted in
  // namespace ascendc_lint_tiling (never clashing with the kernel's own
  // constants) and named from there by the fields' arrayLen.
  std::vector<std::string> constantDecls;
};

// One `.Input("x")` / `.Output("y")` of an OpDef with its `.DataType({...})` list
// (ge::DT_* names without the namespace, in declaration order).
struct OpParam {
  std::string name;
  bool isOutput = false;
  bool scalar = false; // `.Scalar()`: one element (an aclScalar in the aclnn API)
  std::vector<std::string> dtypes;
};

struct OpDefinition {
  std::string opName; // the OpDef class (`AddCustom`)
  std::string file;
  std::vector<OpParam> params;
  std::vector<std::string> chips; // AICore().AddConfig("ascend910b") names
};

struct OpProject {
  std::string root;                   // the folder holding op_host/ and op_kernel/
  std::vector<std::string> hostFiles; // every file under op_host/
  std::vector<OpDefinition> opDefs;   // from op_host/*_def.cpp
  // With no *_def.cpp: the OpDef a small project declares beside its tiling
  // function (the first other op_host .cpp that parses as one).
  std::optional<OpDefinition> hostOpDef;
  // The outputs whose shape the op's shape inference copies from an input
  // (parseShapeCopies over the op_host .cpp files registering it, for
  // readerOpDef()).
  std::map<std::string, std::string> shapeCopies;
  std::vector<TilingStruct> tilingStructs;
  // The OpDef the host reader uses: opDefs' first, else hostOpDef; null
  // when the project declares none.
  const OpDefinition *readerOpDef() const {
    return !opDefs.empty() ? &opDefs.front() : hostOpDef ? &*hostOpDef : nullptr;
  }
  // REGISTER_TILING_DATA_CLASS(op, struct): op name (`HistogramV2`, or with a
  // tiling-key suffix `HistogramV2_101`) -> struct name.
  std::vector<std::pair<std::string, std::string>> registered;
  std::vector<std::string> tilingHeaders;    // files with BEGIN_TILING_DATA_DEF
  std::vector<std::string> tilingKeyHeaders; // op_kernel files with ASCENDC_TPL_ARGS_DECL
  std::vector<std::string> includeDirs;      // the repository's common include folders (-I)
  // Struct names the kernel sources define themselves (not emitted again),
  // and the op_kernel file that defines each.
  std::vector<std::string> kernelDefinedStructs;
  std::vector<std::pair<std::string, std::string>> kernelDefinedStructFiles; // (struct, file)

  // The files that were read and used (for the text output).
  std::vector<std::string> filesUsed() const;
  // The struct plain GET_TILING_DATA names for this op, or empty.
  std::string defaultTilingStruct(const std::string &kernelName = "") const;
};

// The project a kernel file belongs to: `overrideRoot` if given (it must hold
// op_kernel/ or op_host/), else the nearest ancestor of the file's folder
// (up to four levels) that holds both op_host/ and op_kernel/ with the file
// under op_kernel/. std::nullopt when there is none.
std::optional<OpProject> findOpProject(const std::string &kernelFile, const std::string &overrideRoot = "");

// Parsers, exposed for tests (they read text, not files).
std::vector<TilingStruct> parseTilingStructs(const std::string &text, const std::string &file,
                                             std::vector<std::pair<std::string, std::string>> *registered);
std::optional<OpDefinition> parseOpDef(const std::string &text, const std::string &file);

// The outputs whose shape the op's shape inference copies from an input:
// `IMPL_OP_INFERSHAPE(op).InferShape(fn)` with fn's body doing `*out =
// *in;` unconditionally, `out = context->GetOutputShape(i)` and `in =
// context->GetInputShape(j)` (i, j: the OpDef's outputs and inputs in order),
// and nothing else with `out` but null checks. Output name -> input name;
// anything less plain is left out (the output's extent stays unknown).
std::map<std::string, std::string> parseShapeCopies(const std::string &text, const std::string &opName,
                                                    const std::vector<std::string> &inputs,
                                                    const std::vector<std::string> &outputs);

// The C++ type the build passes as DTYPE_<NAME> for a ge::DT_* name
// (asc-devkit cmake/asc/fwk_modules/util/ascendc_impl_build.py DTYPE_MAP),
// or empty when the build has none.
std::string cppTypeOfDtype(const std::string &dt);

// One build configuration's macros: (name, value) pairs and a label such as
// `DTYPE_X=half`.
struct MacroSet {
  std::vector<std::pair<std::string, std::string>> defines;
  std::string label;
};

// The dtype combinations the OpDefs declare (column i of every DataType list),
// as the build defines them: DTYPE_<NAME>=<C++ type>, ORIG_DTYPE_<NAME>=DT_*.
// Only macros in `usedMacros` are part of the label (all are defined).
// Combinations with a dtype the build has no C++ type for are left out.
std::vector<MacroSet> dtypeVariants(const OpProject &p, const std::vector<std::string> &usedMacros);

// Force-included text: the project's tiling structs (global namespace, as the
// generated header declares them) and GET_TILING_DATA / GET_TILING_DATA_MEMBER
// naming the op's registered struct. Without one, GET_TILING_DATA names the
// synthesised struct `synthName` whose fields the frontend adds from what the
// kernel reads. `extra` is appended (synthesised definitions). With
// `kernelFile`, a struct the op_kernel sources define counts as the kernel's
// own only when a file it includes (quoted includes, followed textually)
// defines it: an arch35/ header beside an arch22 kernel does not. A struct in
// `wanted` is emitted even so: the kernel's definition was not compiled (it
// sits under an `#ifdef` another kernel of the folder sets), and a use of it
// did not compile.
std::string tilingPrelude(const OpProject *p, const std::string &synthName, const std::string &extra,
                          const std::string &kernelFile = "", const std::set<std::string> &wanted = {});

// The build stages every operator's op_kernel/ folder as `<stage>/<op>/`, so
// kernel sources include each other across operators as the staged layout
// has them (ops-math circular_pad_grad/op_kernel/arch22/: `../../circular_pad/
// circular_pad_common.h`; arch35 kernels: `../concat/arch35/...`). For a path
// that does not exist, under some `<repo>/.../<op>/op_kernel/`, this returns
// the file the staged layout names (`<repo>/.../<other op>/op_kernel/<rest>`),
// or empty. Operators are looked for beside the including operator and one
// category folder away, up to four folders above it.
std::string stagedKernelPath(const std::string &requested);

// C++ source text with its comments blanked (newlines kept, so line numbers
// stay; string literals kept).
std::string stripComments(const std::string &s);

} // namespace alint::project
