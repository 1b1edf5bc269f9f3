//===- FunctionTable.cpp - The functions of an x86-64 ELF executable ------===//
#include "FunctionTable.h"

#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"

#include <algorithm>

using namespace llvm;
using namespace llvm::object;

namespace roof {

static Error fail(const std::string &Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Path + ": " + Why);
}

Expected<FunctionTable> FunctionTable::read(const std::string &Path) {
  Expected<OwningBinary<ObjectFile>> Binary =
      ObjectFile::createObjectFile(Path);
  if (!Binary)
    return fail(Path,
                "not an ELF executable (" + toString(Binary.takeError()) + ")");
  const auto *Elf = dyn_cast<ELF64LEObjectFile>(Binary->getBinary());
  if (!Elf || Elf->getArch() != Triple::x86_64)
    return fail(Path, "not an x86-64 ELF executable");
  const auto &Header = Elf->getELFFile().getHeader();
  if (Header.e_type != ELF::ET_EXEC && Header.e_type != ELF::ET_DYN)
    return fail(Path, "not an executable");

  FunctionTable T;
  T.Entry = Header.e_entry;
  T.PIE = Header.e_type == ELF::ET_DYN;
  // Global names win over local ones at one address (an alias and its
  // target), so that counts carry the name the source gave the function.
  struct Candidate {
    FunctionSymbol Symbol;
    bool Global;
  };
  std::vector<Candidate> All;
  auto Collect = [&](auto Symbols) {
    for (const ELFSymbolRef &S : Symbols) {
      Expected<SymbolRef::Type> Type = S.getType();
      Expected<uint64_t> Address = S.getAddress();
      Expected<StringRef> Name = S.getName();
      if (!Type || !Address || !Name) {
        consumeError(Type.takeError());
        consumeError(Address.takeError());
        consumeError(Name.takeError());
        continue;
      }
      if (*Type != SymbolRef::ST_Function || S.getSize() == 0 || *Address == 0)
        continue;
      All.push_back({{*Address, *Address + S.getSize(), Name->str()},
                     S.getBinding() != ELF::STB_LOCAL});
    }
  };
  Collect(Elf->symbols());
  if (All.empty())
    Collect(Elf->getDynamicSymbolIterators());
  std::sort(All.begin(), All.end(), [](const Candidate &A, const Candidate &B) {
    if (A.Symbol.Start != B.Symbol.Start)
      return A.Symbol.Start < B.Symbol.Start;
    if (A.Global != B.Global)
      return A.Global;
    return A.Symbol.Name < B.Symbol.Name;
  });
  for (Candidate &C : All)
    if (T.Functions.empty() || C.Symbol.Start >= T.Functions.back().End)
      T.Functions.push_back(std::move(C.Symbol));
  if (!T.byName("main"))
    return fail(Path, "has no symbol 'main'");
  return T;
}

const FunctionSymbol *FunctionTable::find(uint64_t A) const {
  auto It = std::upper_bound(
      Functions.begin(), Functions.end(), A,
      [](uint64_t A, const FunctionSymbol &F) { return A < F.Start; });
  if (It == Functions.begin())
    return nullptr;
  --It;
  return A < It->End ? &*It : nullptr;
}

const FunctionSymbol *FunctionTable::byName(StringRef Name) const {
  for (const FunctionSymbol &F : Functions)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

} // namespace roof
