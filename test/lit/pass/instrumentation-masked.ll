; Counters whose unit is not "one execution":
;   - per active lane of a mask: the increment is popcount(mask) (bitcast of
;     the <N x i1> mask to iN, llvm.ctpop, zext to i64), placed right after
;     the mask is defined when it is defined in the same block;
;   - of an inverted mask: popcount(not mask) (xor with all-ones first);
;   - of a mask below an explicit vector length: lanes i < %evl are kept
;     (icmp ult <0, 1, ..., N-1>, splat(%evl)) and ANDed with the mask;
;   - per unit of a run-time amount (memcpy length): zext/trunc to i64.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @masked_store(
; CHECK:         %m = bitcast i8 %k to <8 x i1>
; CHECK-NEXT:    [[B:%[^ ]+]] = bitcast <8 x i1> %m to i8
; CHECK-NEXT:    [[P:%[^ ]+]] = call i8 @llvm.ctpop.i8(i8 [[B]])
; CHECK-NEXT:    [[L:%[^ ]+]] = zext i8 [[P]] to i64
; CHECK-NEXT:    [[S:%[^ ]+]] = getelementptr inbounds i64, ptr {{%[^ ]+}}, i64 1{{$}}
; CHECK-NEXT:    [[V:%[^ ]+]] = load i64, ptr [[S]],
; CHECK-NEXT:    [[A:%[^ ]+]] = add i64 [[V]], [[L]]{{$}}
; CHECK-NEXT:    store i64 [[A]], ptr [[S]],
define void @masked_store(ptr %p, <8 x double> %v, i8 %k) #0 {
entry:
  %m = bitcast i8 %k to <8 x i1>
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v, ptr %p, i32 8, <8 x i1> %m)
  ret void
}

; CHECK-LABEL: define <8 x double> @inverted(
; CHECK:         %m = bitcast i8 %k to <8 x i1>
; CHECK-NEXT:    [[N:%[^ ]+]] = xor <8 x i1> %m, {{<i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>|splat \(i1 true\)}}
; CHECK-NEXT:    [[B:%[^ ]+]] = bitcast <8 x i1> [[N]] to i8
; CHECK-NEXT:    call i8 @llvm.ctpop.i8(i8 [[B]])
define <8 x double> @inverted(<8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %s = fadd <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> zeroinitializer, <8 x double> %s
  ret <8 x double> %r
}

; The mask and length are arguments: the increment goes at the top of the
; (split) entry block, after the call counter.
; CHECK-LABEL: define <8 x double> @vector_length(
; CHECK:         [[I:%[^ ]+]] = insertelement <8 x i32> poison, i32 %evl, i64 0
; CHECK-NEXT:    [[SPLAT:%[^ ]+]] = shufflevector <8 x i32> [[I]], <8 x i32> poison, <8 x i32> zeroinitializer
; CHECK-NEXT:    [[BELOW:%[^ ]+]] = icmp ult <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, [[SPLAT]]
; CHECK-NEXT:    [[AND:%[^ ]+]] = and <8 x i1> %m, [[BELOW]]
; CHECK-NEXT:    [[B:%[^ ]+]] = bitcast <8 x i1> [[AND]] to i8
; CHECK-NEXT:    call i8 @llvm.ctpop.i8(i8 [[B]])
define <8 x double> @vector_length(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fadd.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

; CHECK-LABEL: define void @copy(
; CHECK:         call void @__roof_register_thread(
; CHECK:         [[S:%[^ ]+]] = getelementptr inbounds i64, ptr {{%[^ ]+}}, i64 {{[0-9]+}}{{$}}
; CHECK-NEXT:    [[V:%[^ ]+]] = load i64, ptr [[S]],
; CHECK-NEXT:    [[A:%[^ ]+]] = add i64 [[V]], %len{{$}}
; CHECK-NEXT:    store i64 [[A]], ptr [[S]],
; CHECK:         call void @llvm.memcpy.p0.p0.i64(
; CHECK-LABEL: define void @copy32(
; CHECK:         call void @__roof_register_thread(
; CHECK:         [[Z:%[^ ]+]] = zext i32 %len to i64
; CHECK-NEXT:    [[S:%[^ ]+]] = getelementptr inbounds i64, ptr {{%[^ ]+}}, i64 {{[0-9]+}}{{$}}
; CHECK-NEXT:    [[V:%[^ ]+]] = load i64, ptr [[S]],
; CHECK-NEXT:    add i64 [[V]], [[Z]]{{$}}
define void @copy(ptr %d, ptr %s, i64 %len) #0 {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %len, i1 false)
  ret void
}
define void @copy32(ptr %d, ptr %s, i32 %len) #0 {
entry:
  call void @llvm.memcpy.p0.p0.i32(ptr %d, ptr %s, i32 %len, i1 false)
  ret void
}

declare void @llvm.masked.store.v8f64.p0(<8 x double>, ptr, i32, <8 x i1>)
declare <8 x double> @llvm.vp.fadd.v8f64(<8 x double>, <8 x double>, <8 x i1>, i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
