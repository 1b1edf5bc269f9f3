/*===- markers/caliper/cali.h - Caliper's region annotations, for roof ---===*\
|*
|* roof's declaration of Caliper's region annotations, for programs built
|* where Caliper is not installed: roof cc puts this folder last on the
|* include path (-idirafter), so a real Caliper's header wins wherever one is
|* found. The pass turns the begin and end calls, and the constructors and
|* destructors of cali::Function and cali::ScopeAnnotation, into roof
|* regions; libroofrt defines the C functions when libcaliper is not
|* linked. Loops, iterations and attributes other than regions are
|* Caliper's own and not provided. docs/runtime.md, "Regions from other
|* tools".
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_MARKERS_CALIPER_CALI_H
#define ROOF_MARKERS_CALIPER_CALI_H

#ifdef __cplusplus
extern "C" {
#endif

void cali_begin_region(const char *name);
void cali_end_region(const char *name);
void cali_begin_phase(const char *name);
void cali_end_phase(const char *name);
void cali_begin_comm_region(const char *name);
void cali_end_comm_region(const char *name);

#ifdef __cplusplus
}
#endif

#define CALI_MARK_BEGIN(name) cali_begin_region(name)
#define CALI_MARK_END(name) cali_end_region(name)
#define CALI_MARK_FUNCTION_BEGIN cali_begin_region(__func__)
#define CALI_MARK_FUNCTION_END cali_end_region(__func__)
#define CALI_MARK_PHASE_BEGIN(name) cali_begin_phase(name)
#define CALI_MARK_PHASE_END(name) cali_end_phase(name)
#define CALI_MARK_COMM_REGION_BEGIN(name) cali_begin_comm_region(name)
#define CALI_MARK_COMM_REGION_END(name) cali_end_comm_region(name)
#define CALI_WRAP_STATEMENT(name, statement)                                   \
  cali_begin_region(name);                                                     \
  statement;                                                                   \
  cali_end_region(name)

#ifdef __cplusplus
namespace cali {

/* A region for the lifetime of the object; Caliper's classes of the same
 * names, whose constructors and destructors the pass recognises (so calls
 * inside them are not markers a second time). */
class Function {
public:
  explicit Function(const char *name) : name(name) { cali_begin_region(name); }
  ~Function() { cali_end_region(name); }
  Function(const Function &) = delete;
  Function &operator=(const Function &) = delete;

private:
  const char *name;
};

class ScopeAnnotation {
public:
  explicit ScopeAnnotation(const char *name) : name(name) {
    cali_begin_region(name);
  }
  ~ScopeAnnotation() { cali_end_region(name); }
  ScopeAnnotation(const ScopeAnnotation &) = delete;
  ScopeAnnotation &operator=(const ScopeAnnotation &) = delete;

private:
  const char *name;
};

} // namespace cali

#define ROOF_CALI_CONCAT_(a, b) a##b
#define ROOF_CALI_CONCAT(a, b) ROOF_CALI_CONCAT_(a, b)
#define CALI_CXX_MARK_FUNCTION                                                 \
  cali::Function ROOF_CALI_CONCAT(roof_cali_function_, __LINE__)(__func__)
#define CALI_CXX_MARK_SCOPE(name)                                              \
  cali::ScopeAnnotation ROOF_CALI_CONCAT(roof_cali_scope_, __LINE__)(name)
#endif /* __cplusplus */

#endif /* ROOF_MARKERS_CALIPER_CALI_H */
