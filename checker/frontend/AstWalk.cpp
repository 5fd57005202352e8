#include "checker/frontend/AstWalk.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace alint {
namespace {

class Walker : public clang::RecursiveASTVisitor<Walker> {
public:
  explicit Walker(const AstWalk &w) : w(w) {}
  bool shouldVisitTemplateInstantiations() const { return w.templateInstantiations; }
  bool shouldVisitImplicitCode() const { return w.implicitCode; }
  bool VisitStmt(clang::Stmt *s) {
    if (w.stmt)
      w.stmt(s);
    return true;
  }
  bool VisitDecl(clang::Decl *d) {
    if (w.decl)
      w.decl(d);
    return true;
  }
  bool VisitType(clang::Type *t) {
    if (w.type)
      w.type(t);
    return true;
  }
  bool TraverseDecl(clang::Decl *d) {
    if (d && w.skip && !clang::isa<clang::TranslationUnitDecl>(d) && w.skip(d))
      return true;
    return RecursiveASTVisitor::TraverseDecl(d);
  }

private:
  const AstWalk &w;
};

} // namespace

void AstWalk::run(clang::Decl *root) const { Walker(*this).TraverseDecl(root); }
void AstWalk::run(clang::Stmt *root) const { Walker(*this).TraverseStmt(root); }

} // namespace alint
