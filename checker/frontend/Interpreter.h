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

// errorLocs: raw source locations of compile errors Clang recovered from; a
// function the kernel runs that contains one makes the model incomplete.
KernelModel interpretKernel(clang::ASTContext &ctx, const clang::FunctionDecl *entry, const std::string &apiDir,
                            const FrontendOptions &opts, const std::vector<unsigned> &errorLocs);

} // namespace alint
