// Template selection: ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL, from which the
// build of an operator project instantiates a kernel template once per selected
// combination of template arguments.
//
// The bundled api/include/ascendc_lint/tpl.h turns both macros into string
// constants holding the text the build's ASCENDC_TPL_PRE preprocessing yields
// (`@@ASCENDC_TPL_UINT_DECL_schMode@@ = {1, 1, 0, 1}` ...). This file reads that
// text the way asc-devkit tools/build/asc_op_compile_base/asc_op_compiler/
// template_tiling.py does (extract_template_tiling_params, TilingTemplateParams,
// get_concated_tiling_key): the combinations are the product of each
// ASCENDC_TPL_ARGS_SEL group's values, and the template arguments are the values
// in the order of the declaration (the generated `kernel<TEMPLATE_PARAMS>(...)`
// call, ascendc_compile_gen_code.py gen_template_tiling_params).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alint::project {

enum class TplKind {
  Dtype,            // ASCENDC_TPL_DTYPE_*: a number
  Datatype,         // ASCENDC_TPL_DATATYPE_*: a type, TypeFromId<id>::type
  Format,           // ASCENDC_TPL_FORMAT_*: a number
  Uint,             // ASCENDC_TPL_UINT_*: a number (range / list / mix)
  Bool,             // ASCENDC_TPL_BOOL_*: 0 or 1
  SharedKernelType, // ASCENDC_TPL_KERNEL_TYPE_DECL / SHARED_KERNEL_TYPE_SEL: a number
  KernelType,       // ASCENDC_TPL_KERNEL_TYPE_SEL: not a template argument
  Deterministic,    // ASCENDC_TPL_DETERMINISTIC_SEL: not a template argument
  TilingStruct,     // ASCENDC_TPL_TILING_STRUCT_SEL: not a template argument
};

struct TplParam {
  std::string name;
  TplKind kind = TplKind::Uint;
  std::vector<int64_t> values;
  // Whether the value is a template argument of the kernel.
  bool isTemplateArg() const {
    return kind != TplKind::KernelType && kind != TplKind::Deterministic && kind != TplKind::TilingStruct;
  }
};

struct TplSelection {
  std::vector<TplParam> decl;              // ASCENDC_TPL_ARGS_DECL, in order
  std::vector<std::vector<TplParam>> sels; // one per ASCENDC_TPL_ARGS_SEL, in declaration order
};

// One combination: a value per declared parameter, in declaration order.
struct TplCombination {
  std::vector<std::pair<TplParam, int64_t>> args; // the parameter (kind, name) and its value
  // `schMode=1, D_T_X=half`
  std::string label() const;
  // The template argument list as the build writes it: `1, half`.
  std::string templateArgs() const;
};

// Reads the expanded ASCENDC_TPL_ARGS_DECL text and the ASCENDC_TPL_SEL texts.
// On text it does not understand (a macro that was not expanded because its
// header is missing, a SEL naming a parameter the DECL lacks, ...) it returns
// std::nullopt with the reason in `error`; no combination is guessed.
std::optional<TplSelection> parseTplSelection(const std::string &declText, const std::vector<std::string> &selTexts,
                                              std::string &error);

// The combinations the build compiles for a chip (`npuArch` = __NPU_ARCH__),
// deduplicated, in the build's order. A DATATYPE value the chip has no type
// for (template_argument.h ASC_INNER_DATATYPE_ENABLE_*), or an input/output
// dtype placeholder (ASCENDC_TPL_INPUT(x)), leaves its combination out.
std::vector<TplCombination> tplCombinations(const TplSelection &s, int npuArch);

// TypeFromId<id>::type (template_argument.h), or empty when the chip has none.
std::string tplTypeOfDatatype(int64_t id, int npuArch);

} // namespace alint::project
