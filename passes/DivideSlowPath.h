//===- DivideSlowPath.h - The data-dependent part of div.rn.f64 -----------===//
//
// ptxas expands div.rn.f64 into a fast path (MUFU.RCP64H, 7 DFMA, 1 DMUL,
// 1 FFMA, booked statically by PTXInstrCosts) and a subroutine it calls
// when the operands or the quotient leave the fast path's range. What the
// subroutine executes depends on the operands; this evaluates, in the
// instrumented kernel, the tests the SASS makes and counts the DMULs and
// DFMAs the call executes.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DIVIDE_SLOW_PATH_H
#define ROOF_DIVIDE_SLOW_PATH_H

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

namespace roof {

/// Whether \p I is an fdiv that the NVPTX backend emits as div.rn.f64: a
/// double divide whose numerator is not 1.0 (rcp.rn.f64) and that may not
/// be turned into a multiplication by a reciprocal.
bool isDivRnF64(const llvm::Instruction &I);

/// After \p Div (isDivRnF64), adds to \p Muls and \p Fmas (i64 allocas) the
/// DMULs and DFMAs its slow-path call executes, for the operands and
/// quotient of this execution. Splits \p Div's block.
void countDivRnF64SlowPath(llvm::BinaryOperator &Div, llvm::AllocaInst &Muls,
                           llvm::AllocaInst &Fmas);

} // namespace roof

#endif // ROOF_DIVIDE_SLOW_PATH_H
