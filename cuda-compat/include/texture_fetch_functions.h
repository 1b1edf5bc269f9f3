/*===- cuda-compat/include/texture_fetch_functions.h - CUDA 13 stand-in ---===*\
|*
|* clang 19's __clang_cuda_runtime_wrapper.h, which clang includes first in
|* every CUDA compilation, includes "texture_fetch_functions.h"
|* unconditionally. The header declared the fetches through texture
|* references (texture<T, dim, mode>, tex1D(texref, x), ...). CUDA 12 removed
|* texture references and CUDA 13 removed the header, so every CUDA
|* compilation with clang 19 fails on the missing file; LLVM later stopped
|* including it (llvm-project pull request 151766).
|*
|* Nothing that CUDA 12 or 13 compiles needs a declaration from it: texture
|* objects (cudaTextureObject_t with tex1Dfetch<T>, tex2D<T>, ...) come from
|* texture_indirect_functions.h, which CUDA 13 still ships and the wrapper
|* includes next, implemented by clang's __clang_cuda_texture_intrinsics.h,
|* whose texture-reference overloads are compiled only for CUDA < 12. So the
|* stand-in is empty. roof's mirror of the toolkit
|* (cuda-compat/MirrorToolkit.cmake) adds it only where the toolkit lacks
|* the header.
|*
\*===----------------------------------------------------------------------===*/
#ifndef __TEXTURE_FETCH_FUNCTIONS_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__
#endif /* __TEXTURE_FETCH_FUNCTIONS_H__ */
