// A pre-order walk over a Clang AST with callbacks, for the passes that only
// look at nodes (find the calls to X, the uses of Y). Every instantiation of
// clang::RecursiveASTVisitor compiles its several thousand Traverse/WalkUpFrom
// functions again: seven of them were about half of HostInterp.cpp's compile
// time (3 minutes under the CI's sanitizer build; clang -ftime-trace,
// 2026-12-07). This is the one instantiation; its passes pass callbacks.
#pragma once

#include <functional>

namespace clang {
class Decl;
class Stmt;
class Type;
} // namespace clang

namespace alint {

struct AstWalk {
  // Each is called on every node of its kind, parents before children, as
  // RecursiveASTVisitor's Visit* would (a Visit<Subclass> is a dyn_cast in the
  // callback). None stops the walk.
  std::function<void(clang::Stmt *)> stmt; // statements and expressions
  std::function<void(clang::Decl *)> decl;
  std::function<void(const clang::Type *)> type; // the types of type locations too
  // When set and true for a declaration, it and what it contains are skipped
  // (never for the translation unit itself).
  std::function<bool(clang::Decl *)> skip;
  bool templateInstantiations = false; // walk implicit template instantiations
  bool implicitCode = false;           // walk implicit declarations and code

  void run(clang::Decl *root) const;
  void run(clang::Stmt *root) const;
};

} // namespace alint
