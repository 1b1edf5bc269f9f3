// Texture objects with clang 19 and CUDA 13. clang's CUDA wrapper includes
// texture_fetch_functions.h, which CUDA 13 no longer ships: the mirror's
// empty stand-in takes its place, and the fetches through texture objects
// (texture_indirect_functions.h, still in CUDA 13) compile to tex
// instructions.
//
// REQUIRES: cuda
// RUN: %clangxx --cuda-path=%cudapath -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_90 -O2 --cuda-device-only -S %s -o - | FileCheck %s
// RUN: %clangxx --cuda-path=%cudapath -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.o
// RUN: %clangxx --cuda-path=%cudapath -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_90 --cuda-host-only -M %s \
// RUN:   | FileCheck %s --check-prefix=%if llvm-22 %{NO-STAND-IN%} %else %{STAND-IN%}
// STAND-IN: {{.*}}/roof-cuda/include/texture_fetch_functions.h
// clang 22's wrapper no longer includes it (docs/cuda.md, "Other clang versions");
// clang 16's and 19's do.
// NO-STAND-IN-NOT: texture_fetch_functions.h

// CHECK-LABEL: .entry _Z5fetchyyPf(
__global__ void fetch(cudaTextureObject_t linear, cudaTextureObject_t volume,
                      float *out) {
  int i = threadIdx.x;
  // CHECK: tex.1d.v4.f32.s32
  float a = tex1Dfetch<float>(linear, i);
  // CHECK: tex.2d.v4.f32.f32
  float4 b = tex2D<float4>(volume, 0.5f * i, 0.5f);
  // CHECK: tex.3d.v4.f32.f32
  float c = tex3D<float>(volume, 0.5f, 0.5f * i, 0.5f);
  out[i] = a + b.x + b.w + c;
}

// The host side: a texture object over linear device memory.
cudaTextureObject_t linearTexture(float *device, size_t count) {
  cudaResourceDesc resource = {};
  resource.resType = cudaResourceTypeLinear;
  resource.res.linear.devPtr = device;
  resource.res.linear.desc = cudaCreateChannelDesc<float>();
  resource.res.linear.sizeInBytes = count * sizeof(float);
  cudaTextureDesc texture = {};
  texture.readMode = cudaReadModeElementType;
  cudaTextureObject_t object = 0;
  cudaCreateTextureObject(&object, &resource, &texture, nullptr);
  return object;
}
