// C++ integer semantics over SymExpr: one implementation for the two symbolic
// interpreters, the kernel's (Interpreter.cpp) and the host tiling reader's
// (checker/host/HostInterp.cpp). Operands come in the types Clang's implicit
// conversions gave them; each function returns the value in the type the C++
// expression has (wrapping, truncation and signedness as the machine does).
#pragma once

#include "checker/ir/SymExpr.h"

#include <clang/AST/Expr.h>
#include <clang/AST/OperationKinds.h>

#include <optional>

namespace clang {
class ASTContext;
}

namespace alint::fe {

// The machine integer type of a C++ type (bool, enums by their underlying
// type; anything else not an integer: i64).
IntType intTypeOf(clang::ASTContext &ctx, clang::QualType t);

// The SymOp of a binary or compound-assignment operator; nullopt for the
// others (comma, logical, assignment, pointer-to-member).
std::optional<SymOp> intOpOf(clang::BinaryOperatorKind k);

// `a op b` for an arithmetic, shift, bitwise or comparison operator, the
// operands in their operand types. nullptr when `op` is not one of them.
Sym intBinary(clang::ASTContext &ctx, const clang::BinaryOperator *b, Sym a, Sym c);

// The value `x op= r` stores: `old` in the left operand's type, `r` in the
// right operand's; computed in the computation type, converted back.
Sym intCompound(clang::ASTContext &ctx, const clang::CompoundAssignOperator *ca, Sym old, Sym r);

// -x, ~x, +x (the operand already promoted); nullptr for other operators.
Sym intUnary(clang::ASTContext &ctx, const clang::UnaryOperator *u, Sym x);

// The value ++/-- stores.
Sym intIncDec(const clang::UnaryOperator *u, Sym old);

// An integral conversion (IntegralCast, IntegralToBoolean, a bool used as an
// integer).
Sym intConvert(clang::ASTContext &ctx, Sym v, clang::QualType to);

// The value of an integer expression the compiler folds (literals, sizeof,
// constexpr arithmetic, enumerators in expressions), without side effects.
// References to variables are left to the interpreters (a local may shadow).
Sym foldIntConstant(clang::ASTContext &ctx, const clang::Expr *e);

} // namespace alint::fe
