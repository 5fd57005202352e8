// Symbolic execution of a kernel entry over the Clang AST (see design.md "How
// values are tracked"). Internal to the frontend.
#pragma once

#include "checker/frontend/Frontend.h"
#include "checker/ir/KernelModel.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace alint {

// errorLocs / errorMsgs: raw source locations and messages of compile errors
// Clang recovered from. An error inside an expression Clang kept (a
// RecoveryExpr, an invalid declaration) makes that expression one unmodelled
// operation; one Clang dropped without a trace makes the model incomplete.
// siteLocs / siteMsgs: where code instantiated a template that has an error
// ("requested here"), with "file:line:col: message" of that error.
KernelModel interpretKernel(clang::ASTContext &ctx, const clang::FunctionDecl *entry, const std::string &apiDir,
                            const FrontendOptions &opts, const std::vector<unsigned> &errorLocs,
                            const std::vector<std::string> &errorMsgs, const std::vector<unsigned> &siteLocs = {},
                            const std::vector<std::string> &siteMsgs = {});

} // namespace alint
