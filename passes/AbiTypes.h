//===- AbiTypes.h - The IR side of include/roof/abi.h ---------------------===//
//
// The descriptors and streams the pass emits are the C structs of
// include/roof/abi.h, which the runtime reads, and the functions and
// variables it calls or reads are the ones abi.h declares. So that the two
// sides cannot drift apart, both are taken from abi.h here:
//   - one list names every struct's fields (ROOF_ABI_FIELDS, as LLVM's
//     InstrProfData.inc does); each field's kind (pointer, 32- or 64-bit
//     integer) and offset come from the C declaration, a static_assert
//     checks that the list covers each struct in order with nothing
//     missing and no padding but the natural alignment's, which LLVM's
//     struct layout gives the IR type too, and a struct's IR type is built
//     from it;
//   - ROOF_ABI_SYMBOL(name) is the name as a string, and does not compile
//     unless abi.h declares it.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ABI_TYPES_H
#define ROOF_ABI_TYPES_H

#include "roof/abi.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DerivedTypes.h"

#include <cstddef>
#include <type_traits>

namespace roof {

enum class AbiKind : unsigned char { Ptr, I32, I64 };

template <typename T> constexpr AbiKind abiKindOf() {
  if constexpr (std::is_pointer_v<T>) {
    return AbiKind::Ptr;
  } else {
    static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                  "an ABI field is a pointer or a 32- or 64-bit integer");
    return sizeof(T) == 4 ? AbiKind::I32 : AbiKind::I64;
  }
}

/// The structs: Roof<name> of abi.h.
enum class AbiStruct : unsigned char {
  Weight,
  Function,
  Module,
  TrafficStream
};

struct AbiField {
  AbiStruct Of;
  AbiKind Kind;
  std::size_t Offset;
};

/// The one list: X(struct, field) for every field, in declaration order.
// clang-format off: one row per few fields, as a table.
#define ROOF_ABI_FIELDS(X)                                                     \
  X(Weight, slot) X(Weight, metric) X(Weight, amount)                          \
  X(Function, name) X(Function, demangled) X(Function, attributed_to)          \
  X(Function, first_slot) X(Function, num_slots) X(Function, entry_slot)       \
  X(Function, time_slot) X(Function, depth_slot) X(Function, num_weights)      \
  X(Function, weights) X(Function, line)                                       \
  X(Module, abi_version) X(Module, num_functions) X(Module, num_slots)         \
  X(Module, flags) X(Module, source) X(Module, triple) X(Module, cpu)          \
  X(Module, features) X(Module, functions) X(Module, libm_groups)              \
  X(TrafficStream, start) X(TrafficStream, step) X(TrafficStream, bytes)       \
  X(TrafficStream, stored)
// clang-format on

#define ROOF_ABI_FIELD(Struct, Field)                                          \
  AbiField{AbiStruct::Struct, abiKindOf<decltype(Roof##Struct::Field)>(),      \
           offsetof(Roof##Struct, Field)},
inline constexpr AbiField AbiFields[] = {ROOF_ABI_FIELDS(ROOF_ABI_FIELD)};
#undef ROOF_ABI_FIELD

constexpr std::size_t abiSizeOf(AbiKind Kind) {
  return Kind == AbiKind::I32 ? 4 : 8;
}

constexpr std::size_t alignedTo(std::size_t At, std::size_t Alignment) {
  return (At + Alignment - 1) / Alignment * Alignment;
}

/// Whether the list has all of struct \p Of, \p Size bytes aligned to
/// \p Alignment: its fields one after the other, each at the next multiple
/// of its size (its alignment on x86-64 and NVPTX64, in C and in LLVM's
/// data layout), and the struct's end padded to its alignment.
constexpr bool coversStruct(AbiStruct Of, std::size_t Size,
                            std::size_t Alignment) {
  std::size_t At = 0;
  for (const AbiField &F : AbiFields) {
    if (F.Of != Of)
      continue;
    At = alignedTo(At, abiSizeOf(F.Kind));
    if (F.Offset != At)
      return false;
    At += abiSizeOf(F.Kind);
  }
  return alignedTo(At, Alignment) == Size;
}
#define ROOF_ABI_COVERS(Struct)                                                \
  static_assert(coversStruct(AbiStruct::Struct, sizeof(Roof##Struct),          \
                             alignof(Roof##Struct)))
ROOF_ABI_COVERS(Weight);
ROOF_ABI_COVERS(Function);
ROOF_ABI_COVERS(Module);
ROOF_ABI_COVERS(TrafficStream);
#undef ROOF_ABI_COVERS

/// The IR types of the fields of struct \p Of, in order.
inline llvm::SmallVector<llvm::Type *, 10> abiTypes(llvm::LLVMContext &Ctx,
                                                    AbiStruct Of) {
  llvm::SmallVector<llvm::Type *, 10> Types;
  for (const AbiField &F : AbiFields)
    if (F.Of == Of)
      Types.push_back(
          F.Kind == AbiKind::Ptr ? llvm::PointerType::getUnqual(Ctx)
          : F.Kind == AbiKind::I32
              ? static_cast<llvm::Type *>(llvm::Type::getInt32Ty(Ctx))
              : llvm::Type::getInt64Ty(Ctx));
  return Types;
}

/// The name of an entry point or variable abi.h declares.
#define ROOF_ABI_SYMBOL(Name) ((void)sizeof(&Name), #Name)

} // namespace roof

#endif // ROOF_ABI_TYPES_H
