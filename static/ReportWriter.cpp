//===- static/ReportWriter.cpp - Table and JSON output --------------------===//
#include "ReportWriter.h"

#include "llvm/Support/JSON.h"

namespace roof::staticcount {
namespace {

using Bindings = std::map<std::string, Rational>;

// The values of a function's names: the source's, overridden by --param.
Bindings bindingsFor(const FunctionRecord &F, const Report &R) {
  Bindings Values;
  for (const auto &[Name, Symbol] : F.Symbols)
    if (Symbol.Value)
      Values[Name] = *Symbol.Value;
  for (const auto &[Name, Value] : R.Parameters)
    Values[Name] = Value;
  return Values;
}

// Why the counts of F are not exact, if they are not.
std::vector<std::string> caveats(const FunctionRecord &F) {
  std::vector<std::string> Reasons;
  auto Lines = [](const std::vector<unsigned> &Numbers) {
    std::string Text;
    for (unsigned N : Numbers)
      Text += (Text.empty() ? "" : ", ") + std::to_string(N);
    return Text;
  };
  for (const LoopRecord &Loop : F.Loops) {
    if (!Loop.Bounded)
      Reasons.push_back("the loop at line " + std::to_string(Loop.Where.Line) +
                        " is not bounded");
    if (Loop.EarlyExit)
      Reasons.push_back("the loop at line " + std::to_string(Loop.Where.Line) +
                        " may exit early: its counts are upper bounds");
  }
  std::vector<unsigned> Conditional, Masked, Uncounted;
  for (const StatementRecord &S : F.Statements) {
    if (S.Conditional)
      Conditional.push_back(S.Where.Line);
    if (!S.PerExecution.MaskDependent.empty())
      Masked.push_back(S.Where.Line);
    for (const std::string &Note : S.Notes)
      if (llvm::StringRef(Note).starts_with("not counted")) {
        Uncounted.push_back(S.Where.Line);
        break;
      }
  }
  if (!Conditional.empty())
    Reasons.push_back("conditional code counted as if it ran (line " +
                      Lines(Conditional) + ")");
  if (!Masked.empty())
    Reasons.push_back("operations under run-time masks counted apart (line " +
                      Lines(Masked) + ")");
  if (!Uncounted.empty())
    Reasons.push_back("operations not counted (line " + Lines(Uncounted) + ")");
  return Reasons;
}

//===----------------------------------------------------------------------===//
// Table
//===----------------------------------------------------------------------===//

// "2*NI*NJ*NK + NI*NJ = 2001000000"; a partial value when only some names
// have one: "3*N*trips_L12 = 3000*trips_L12".
std::string show(const Polynomial &P, const Bindings &Values) {
  std::string Text = P.str();
  if (P.constant())
    return Text;
  std::string Bound = P.bind(Values).str();
  return Bound == Text ? Text : Text + " = " + Bound;
}

std::string indent(unsigned Depth) { return std::string(2 * Depth, ' '); }

std::string lineLabel(unsigned Line) {
  std::string Label = "line " + std::to_string(Line);
  return "  " + Label +
         std::string(Label.size() < 10 ? 10 - Label.size() : 1, ' ');
}

// One statement's counts: "fp64 add 1, mul 2 (exp); load 24 B, store 8 B".
std::string statementCounts(const Tally &T) {
  std::string Text;
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
    const PrecisionTally &Precision = T.Precisions[P];
    std::string Classes;
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      if (!Precision.Classes[C].isZero())
        Classes += std::string(Classes.empty() ? "" : ", ") + kClassNames[C] +
                   " " + Precision.Classes[C].str();
    std::string Functions;
    for (const auto &[Name, Count] : Precision.Functions)
      Functions += (Functions.empty() ? "" : ", ") + Name +
                   (Count == Polynomial(1) ? "" : " x" + Count.str());
    if (Classes.empty() && Functions.empty())
      continue;
    Text += std::string(Text.empty() ? "" : "; ") + kPrecisionNames[P] + " " +
            Classes + (Functions.empty() ? "" : " (" + Functions + ")");
  }
  Polynomial Loaded = T.bytesLoaded(), Stored = T.bytesStored();
  if (!Loaded.isZero() || !Stored.isZero()) {
    std::string Bytes;
    if (!Loaded.isZero())
      Bytes = "load " + Loaded.str() + " B";
    if (!Stored.isZero())
      Bytes += (Bytes.empty() ? "" : ", ") + std::string("store ") +
               Stored.str() + " B";
    Text += (Text.empty() ? "" : "; ") + Bytes;
  }
  return Text;
}

void writeLoop(llvm::raw_ostream &OS, const LoopRecord &Loop,
               const Bindings &Values) {
  OS << lineLabel(Loop.Where.Line) << indent(Loop.Depth - 1) << Loop.Kind;
  if (!Loop.Variable.empty())
    OS << " " << Loop.Variable;
  if (!Loop.Bounded) {
    OS << ": not bounded, " << Loop.Trips.str() << " iterations per entry ("
       << Loop.Reason << ")\n";
    return;
  }
  OS << ": " << show(Loop.Trips, Values) << " iterations";
  if (Loop.Iterations.str() != Loop.Trips.str())
    OS << ", " << show(Loop.Iterations, Values) << " in all";
  if (Loop.EarlyExit)
    OS << ", at most (it may exit early)";
  OS << "\n";
}

void writeStatement(llvm::raw_ostream &OS, const StatementRecord &S,
                    const Bindings &Values) {
  OS << lineLabel(S.Where.Line) << indent(S.Depth);
  if (!S.PerExecution.Canonical.empty())
    OS << statementCounts(S.PerExecution.Canonical) << "; ";
  if (!S.PerExecution.MaskDependent.empty())
    OS << "mask-dependent " << statementCounts(S.PerExecution.MaskDependent)
       << "; ";
  OS << "runs " << show(S.Executions, Values) << ": " << S.Text;
  if (S.Conditional)
    OS << " [conditional]";
  if (!S.Where.Macro.empty())
    OS << " [macro " << S.Where.Macro << ", " << S.Where.SpellingFile << ":"
       << S.Where.SpellingLine << "]";
  OS << "\n";
  for (const std::string &Note : S.Notes)
    OS << "  " << std::string(10, ' ') << indent(S.Depth) << "note: " << Note
       << "\n";
}

void writeTotals(llvm::raw_ostream &OS, const Tally &T, const Bindings &Values,
                 const char *Heading) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
    const PrecisionTally &Precision = T.Precisions[P];
    if (Precision.empty())
      continue;
    OS << "  " << Heading << " " << kPrecisionNames[P]
       << " FLOPs: " << show(Precision.flops(), Values) << "\n";
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      if (!Precision.Classes[C].isZero())
        OS << "    " << kClassNames[C] << " "
           << show(Precision.Classes[C], Values) << "\n";
    if (!Precision.Functions.empty()) {
      OS << "    functions:";
      const char *Separator = " ";
      for (const auto &[Name, Count] : Precision.Functions) {
        OS << Separator << Name << " " << show(Count, Values);
        Separator = ", ";
      }
      OS << "\n";
    }
    if (!Precision.BytesLoaded.isZero() || !Precision.BytesStored.isZero())
      OS << "    bytes loaded " << show(Precision.BytesLoaded, Values)
         << ", stored " << show(Precision.BytesStored, Values) << "\n";
  }
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

// {"polynomial": "2*NI*NJ*NK + NI*NJ", "value": 2001000000}; value is null
// unless every name has a value and the count is a whole number.
void quantity(llvm::json::OStream &J, const Polynomial &P,
              const Bindings &Values) {
  J.object([&] {
    J.attribute("polynomial", P.str());
    auto Value = P.bind(Values).constant();
    J.attributeBegin("value");
    if (Value && Value->isInteger())
      J.rawValue(Value->str());
    else
      J.value(nullptr);
    J.attributeEnd();
  });
}

// A statement's counts, which are numbers: only what is not zero.
void sparseTally(llvm::json::OStream &J, const Tally &T) {
  auto Number = [&](llvm::StringRef Key, const Polynomial &P) {
    if (auto Value = P.constant(); Value && !Value->isZero()) {
      J.attributeBegin(Key);
      J.rawValue(Value->str());
      J.attributeEnd();
    }
  };
  J.object([&] {
    for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
      const PrecisionTally &Precision = T.Precisions[P];
      if (Precision.empty())
        continue;
      J.attributeObject(kPrecisionNames[P], [&] {
        for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
          Number(kClassNames[C], Precision.Classes[C]);
        Number("bytes_loaded", Precision.BytesLoaded);
        Number("bytes_stored", Precision.BytesStored);
        if (!Precision.Functions.empty())
          J.attributeObject("functions", [&] {
            for (const auto &[Name, Count] : Precision.Functions)
              Number(Name, Count);
          });
      });
    }
  });
}

// Shaped like the runtime's census object: every precision and class.
void fullTally(llvm::json::OStream &J, const Tally &T, const Bindings &Values) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
    const PrecisionTally &Precision = T.Precisions[P];
    J.attributeObject(kPrecisionNames[P], [&] {
      J.attributeBegin("canonical");
      quantity(J, Precision.flops(), Values);
      J.attributeEnd();
      J.attributeObject("classes", [&] {
        for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C) {
          J.attributeBegin(kClassNames[C]);
          quantity(J, Precision.Classes[C], Values);
          J.attributeEnd();
        }
      });
      J.attributeBegin("bytes_loaded");
      quantity(J, Precision.BytesLoaded, Values);
      J.attributeEnd();
      J.attributeBegin("bytes_stored");
      quantity(J, Precision.BytesStored, Values);
      J.attributeEnd();
      J.attributeObject("functions", [&] {
        for (const auto &[Name, Count] : Precision.Functions) {
          J.attributeBegin(Name);
          quantity(J, Count, Values);
          J.attributeEnd();
        }
      });
    });
  }
  J.attributeBegin("bytes_loaded");
  quantity(J, T.bytesLoaded(), Values);
  J.attributeEnd();
  J.attributeBegin("bytes_stored");
  quantity(J, T.bytesStored(), Values);
  J.attributeEnd();
}

void place(llvm::json::OStream &J, const SourcePlace &Where) {
  J.attribute("file", Where.File);
  J.attribute("line", int64_t(Where.Line));
  J.attribute("column", int64_t(Where.Column));
}

void writeFunction(llvm::json::OStream &J, const FunctionRecord &F,
                   const Bindings &Values) {
  std::vector<std::string> Reasons = caveats(F);
  J.object([&] {
    J.attribute("name", F.Name);
    J.attribute("demangled", F.Demangled);
    J.attribute("kind", F.Kind);
    place(J, F.Where);
    J.attribute("exact", Reasons.empty());
    J.attributeArray("caveats", [&] {
      for (const std::string &Reason : Reasons)
        J.value(Reason);
    });
    J.attributeObject("symbols", [&] {
      for (const auto &[Name, Symbol] : F.Symbols)
        J.attributeObject(Name, [&] {
          J.attribute("origin", Symbol.Origin);
          auto Value = Values.find(Name);
          J.attributeBegin("value");
          if (Value != Values.end() && Value->second.isInteger())
            J.rawValue(Value->second.str());
          else
            J.value(nullptr);
          J.attributeEnd();
        });
    });
    J.attributeObject("totals", [&] {
      fullTally(J, F.Total.Canonical, Values);
      J.attributeObject("mask_dependent",
                        [&] { fullTally(J, F.Total.MaskDependent, Values); });
    });
    J.attributeArray("loops", [&] {
      for (const LoopRecord &Loop : F.Loops)
        J.object([&] {
          place(J, Loop.Where);
          J.attribute("kind", Loop.Kind);
          J.attribute("variable", Loop.Variable.empty()
                                      ? llvm::json::Value(nullptr)
                                      : llvm::json::Value(Loop.Variable));
          J.attribute("parent", Loop.Parent < 0
                                    ? llvm::json::Value(nullptr)
                                    : llvm::json::Value(Loop.Parent));
          J.attribute("depth", int64_t(Loop.Depth));
          J.attribute("bounded", Loop.Bounded);
          J.attribute("reason", Loop.Bounded ? llvm::json::Value(nullptr)
                                             : llvm::json::Value(Loop.Reason));
          J.attribute("early_exit", Loop.EarlyExit);
          J.attributeBegin("trips");
          quantity(J, Loop.Trips, Values);
          J.attributeEnd();
          J.attributeBegin("iterations");
          quantity(J, Loop.Iterations, Values);
          J.attributeEnd();
          J.attributeObject("flops", [&] {
            for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
              Polynomial Flops = Loop.Total.Canonical.Precisions[P].flops();
              if (Flops.isZero())
                continue;
              J.attributeBegin(kPrecisionNames[P]);
              quantity(J, Flops, Values);
              J.attributeEnd();
            }
          });
          J.attributeBegin("bytes_loaded");
          quantity(J, Loop.Total.Canonical.bytesLoaded(), Values);
          J.attributeEnd();
          J.attributeBegin("bytes_stored");
          quantity(J, Loop.Total.Canonical.bytesStored(), Values);
          J.attributeEnd();
        });
    });
    J.attributeArray("statements", [&] {
      for (const StatementRecord &S : F.Statements)
        J.object([&] {
          place(J, S.Where);
          J.attribute("text", S.Text);
          J.attribute("loop", S.Loop < 0 ? llvm::json::Value(nullptr)
                                         : llvm::json::Value(S.Loop));
          J.attribute("conditional", S.Conditional);
          J.attributeBegin("macro");
          if (S.Where.Macro.empty())
            J.value(nullptr);
          else
            J.object([&] {
              J.attribute("name", S.Where.Macro);
              J.attribute("file", S.Where.SpellingFile);
              J.attribute("line", int64_t(S.Where.SpellingLine));
            });
          J.attributeEnd();
          J.attributeBegin("executions");
          quantity(J, S.Executions, Values);
          J.attributeEnd();
          J.attributeBegin("per_execution");
          sparseTally(J, S.PerExecution.Canonical);
          J.attributeEnd();
          J.attributeBegin("mask_dependent");
          sparseTally(J, S.PerExecution.MaskDependent);
          J.attributeEnd();
          J.attributeArray("notes", [&] {
            for (const std::string &Note : S.Notes)
              J.value(Note);
          });
        });
    });
  });
}

} // namespace

void writeTable(llvm::raw_ostream &OS, const Report &R) {
  unsigned WithoutWork = 0;
  for (const FunctionRecord &F : R.Functions) {
    if (F.Statements.empty()) {
      ++WithoutWork;
      continue;
    }
    Bindings Values = bindingsFor(F, R);
    OS << (F.Kind == "kernel"   ? "kernel "
           : F.Kind == "device" ? "device function "
                                : "function ")
       << F.Demangled;
    if (F.Name != F.Demangled)
      OS << " [" << F.Name << "]";
    OS << " (" << F.Where.File << ":" << F.Where.Line << ")\n";
    for (const auto &[IsLoop, Index] : F.Order) {
      if (IsLoop)
        writeLoop(OS, F.Loops[Index], Values);
      else
        writeStatement(OS, F.Statements[Index], Values);
    }
    writeTotals(OS, F.Total.Canonical, Values, "total");
    writeTotals(OS, F.Total.MaskDependent, Values,
                "mask-dependent (all lanes, not in the totals)");
    if (!F.Symbols.empty()) {
      OS << "  parameters:";
      const char *Separator = " ";
      for (const auto &[Name, Symbol] : F.Symbols) {
        OS << Separator << Name;
        auto Value = Values.find(Name);
        if (Value != Values.end())
          OS << " = " << Value->second.str();
        OS << " (" << Symbol.Origin << ")";
        Separator = ", ";
      }
      OS << "\n";
    }
    for (const std::string &Reason : caveats(F))
      OS << "  not exact: " << Reason << "\n";
    OS << "\n";
  }
  if (WithoutWork)
    OS << WithoutWork << (WithoutWork == 1 ? " function" : " functions")
       << " without floating-point work not shown\n";
  for (const std::string &Note : R.Notes)
    OS << "note: " << Note << "\n";
}

void writeJson(llvm::raw_ostream &OS, const Report &R) {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("schema", kSchema);
    J.attribute("schema_version", kSchemaVersion);
    J.attributeObject("conventions", [&] {
      J.attribute("count", "canonical: as written, per call of each "
                           "function, per thread for CUDA kernels");
      J.attribute("fma", "2 FLOPs per element, in class fma");
      J.attribute("complex_add", "2 add (1 with a real operand)");
      J.attribute("complex_multiply", "4 mul + 2 add = 6 (2 mul with a real "
                                      "operand)");
      J.attribute("complex_divide",
                  "textbook: 6 mul + 3 add + 2 div = 11 (2 div by a real; "
                  "real by complex 4 mul + 1 add + 2 div)");
      J.attribute("templates", "each instantiation counted on its own");
      J.attribute("conditional_code", "counted as if it ran");
      J.attribute("memory", "floating-point loads and stores of arrays, "
                            "pointers, globals and references as written; "
                            "local variables are registers");
      J.attribute("unbounded_loops",
                  "trips_L<line>: iterations per entry, unknown");
    });
    J.attributeObject("parameters", [&] {
      for (const auto &[Name, Value] : R.Parameters) {
        J.attributeBegin(Name);
        J.rawValue(Value.str());
        J.attributeEnd();
      }
    });
    J.attributeArray("failed", [&] {
      for (const std::string &File : R.Failed)
        J.value(File);
    });
    J.attributeArray("notes", [&] {
      for (const std::string &Note : R.Notes)
        J.value(Note);
    });
    J.attributeArray("functions", [&] {
      for (const FunctionRecord &F : R.Functions)
        writeFunction(J, F, bindingsFor(F, R));
    });
  });
  OS << "\n";
}

} // namespace roof::staticcount
