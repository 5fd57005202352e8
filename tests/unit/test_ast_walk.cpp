// checker/frontend/AstWalk: the one RecursiveASTVisitor instantiation the
// node-finding passes share. Pins what they rely on: every node once,
// parents first; types of type locations; template instantiations only on
// request; a skipped declaration hides what it contains.
#include "checker/frontend/AstWalk.h"

#include <catch2/catch.hpp>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Type.h>
#include <clang/Tooling/Tooling.h>

#include <string>
#include <vector>

using namespace clang;
using alint::AstWalk;

namespace {
const char *kCode = R"(
template <typename T> T twice(T v) { return v + v; }
int use(int a) { return twice(a) * 3; }
namespace hidden { int secret(int b) { return b - 1; } }
)";

std::vector<std::string> functionsSeen(ASTContext &ctx, bool instantiations, bool skipHidden) {
  std::vector<std::string> seen;
  AstWalk w;
  w.templateInstantiations = instantiations;
  w.decl = [&](Decl *d) {
    if (auto *fd = dyn_cast<FunctionDecl>(d))
      seen.push_back(fd->getNameAsString() + (fd->isTemplateInstantiation() ? "<inst>" : ""));
  };
  if (skipHidden)
    w.skip = [](Decl *d) {
      auto *ns = dyn_cast<NamespaceDecl>(d);
      return ns && ns->getName() == "hidden";
    };
  w.run(ctx.getTranslationUnitDecl());
  return seen;
}
} // namespace

TEST_CASE("AstWalk: declarations, statements and types in pre-order, with the options the passes use", "[frontend]") {
  std::unique_ptr<ASTUnit> ast = tooling::buildASTFromCodeWithArgs(kCode, {"-std=c++17"});
  REQUIRE(ast);
  ASTContext &ctx = ast->getASTContext();

  using V = std::vector<std::string>;
  CHECK(functionsSeen(ctx, false, false) == V{"twice", "use", "secret"});
  CHECK(functionsSeen(ctx, true, false) == V{"twice", "twice<inst>", "use", "secret"});
  CHECK(functionsSeen(ctx, false, true) == V{"twice", "use"});

  // Statements: a parent before its children (the multiplication before the
  // call inside it), each once.
  std::vector<std::string> order;
  unsigned templateTypes = 0;
  AstWalk w;
  w.stmt = [&](Stmt *s) {
    if (auto *b = dyn_cast<BinaryOperator>(s))
      order.push_back(b->getOpcodeStr().str());
    else if (isa<CallExpr>(s))
      order.push_back("call");
  };
  w.type = [&](const Type *t) { templateTypes += isa<TemplateTypeParmType>(t); };
  w.run(ctx.getTranslationUnitDecl());
  CHECK(order == V{"+", "*", "call", "-"});
  CHECK(templateTypes >= 2); // `T twice(T v)`: the return and the parameter type
}
