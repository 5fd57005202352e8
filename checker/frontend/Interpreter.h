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

KernelModel interpretKernel(clang::ASTContext &ctx, const clang::FunctionDecl *entry,
                            const std::string &apiDir, const FrontendOptions &opts);

} // namespace alint
