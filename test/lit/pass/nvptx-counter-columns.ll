; A kernel whose weights do not fit the counters' header (more than
; ROOF_CUDA_MAX_WEIGHTS, 256, entries: here 60 conditional blocks of 5
; weights each) adds metric values instead of slot counts: its header has no
; weights and says how many columns are used, and column m counts metric m
; (passes/DeviceInstrumenter.cpp, countsSlots).
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes=roof-instrument %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Metrics used: fp64 mul canonical/empirical/full width (93-95), bytes and
; global bytes stored (121, 123): 124 columns, no weights.
; CHECK: @__roof_kh_many = addrspace(1) global { i32, i32, i64, i64, i32, i32, i64, i64, i64, [256 x { i32, i32, i64 }] } { i32 124, i32 0, i64 0, i64 0, i32 0, i32 0, i64 0, i64 0, i64 0, [256 x { i32, i32, i64 }] zeroinitializer }
; CHECK-LABEL: define {{(ptx_kernel )?}}void @many(
; Each warp adds each metric's value to that metric's column.
; CHECK-DAG:   mul i64 93, %roof.rows
; CHECK-DAG:   mul i64 94, %roof.rows
; CHECK-DAG:   mul i64 121, %roof.rows
; CHECK-DAG:   mul i64 123, %roof.rows
; CHECK:       ret void
define void @many(i64 %bits, double %x, ptr addrspace(1) %out) #0 {
entry:
  br label %test0
test0:
  %bit0 = and i64 %bits, 1
  %on0 = icmp ne i64 %bit0, 0
  br i1 %on0, label %then0, label %test1
then0:
  %m0_0 = fmul double %x, %x
  store double %m0_0, ptr addrspace(1) %out
  br label %test1
test1:
  %bit1 = and i64 %bits, 2
  %on1 = icmp ne i64 %bit1, 0
  br i1 %on1, label %then1, label %test2
then1:
  %m1_0 = fmul double %x, %x
  %m1_1 = fmul double %m1_0, %x
  store double %m1_1, ptr addrspace(1) %out
  br label %test2
test2:
  %bit2 = and i64 %bits, 4
  %on2 = icmp ne i64 %bit2, 0
  br i1 %on2, label %then2, label %test3
then2:
  %m2_0 = fmul double %x, %x
  %m2_1 = fmul double %m2_0, %x
  %m2_2 = fmul double %m2_1, %x
  store double %m2_2, ptr addrspace(1) %out
  br label %test3
test3:
  %bit3 = and i64 %bits, 8
  %on3 = icmp ne i64 %bit3, 0
  br i1 %on3, label %then3, label %test4
then3:
  %m3_0 = fmul double %x, %x
  %m3_1 = fmul double %m3_0, %x
  %m3_2 = fmul double %m3_1, %x
  %m3_3 = fmul double %m3_2, %x
  store double %m3_3, ptr addrspace(1) %out
  br label %test4
test4:
  %bit4 = and i64 %bits, 16
  %on4 = icmp ne i64 %bit4, 0
  br i1 %on4, label %then4, label %test5
then4:
  %m4_0 = fmul double %x, %x
  %m4_1 = fmul double %m4_0, %x
  %m4_2 = fmul double %m4_1, %x
  %m4_3 = fmul double %m4_2, %x
  %m4_4 = fmul double %m4_3, %x
  store double %m4_4, ptr addrspace(1) %out
  br label %test5
test5:
  %bit5 = and i64 %bits, 32
  %on5 = icmp ne i64 %bit5, 0
  br i1 %on5, label %then5, label %test6
then5:
  %m5_0 = fmul double %x, %x
  %m5_1 = fmul double %m5_0, %x
  %m5_2 = fmul double %m5_1, %x
  %m5_3 = fmul double %m5_2, %x
  %m5_4 = fmul double %m5_3, %x
  %m5_5 = fmul double %m5_4, %x
  store double %m5_5, ptr addrspace(1) %out
  br label %test6
test6:
  %bit6 = and i64 %bits, 64
  %on6 = icmp ne i64 %bit6, 0
  br i1 %on6, label %then6, label %test7
then6:
  %m6_0 = fmul double %x, %x
  %m6_1 = fmul double %m6_0, %x
  %m6_2 = fmul double %m6_1, %x
  %m6_3 = fmul double %m6_2, %x
  %m6_4 = fmul double %m6_3, %x
  %m6_5 = fmul double %m6_4, %x
  %m6_6 = fmul double %m6_5, %x
  store double %m6_6, ptr addrspace(1) %out
  br label %test7
test7:
  %bit7 = and i64 %bits, 128
  %on7 = icmp ne i64 %bit7, 0
  br i1 %on7, label %then7, label %test8
then7:
  %m7_0 = fmul double %x, %x
  %m7_1 = fmul double %m7_0, %x
  %m7_2 = fmul double %m7_1, %x
  %m7_3 = fmul double %m7_2, %x
  %m7_4 = fmul double %m7_3, %x
  %m7_5 = fmul double %m7_4, %x
  %m7_6 = fmul double %m7_5, %x
  %m7_7 = fmul double %m7_6, %x
  store double %m7_7, ptr addrspace(1) %out
  br label %test8
test8:
  %bit8 = and i64 %bits, 256
  %on8 = icmp ne i64 %bit8, 0
  br i1 %on8, label %then8, label %test9
then8:
  %m8_0 = fmul double %x, %x
  %m8_1 = fmul double %m8_0, %x
  %m8_2 = fmul double %m8_1, %x
  %m8_3 = fmul double %m8_2, %x
  %m8_4 = fmul double %m8_3, %x
  %m8_5 = fmul double %m8_4, %x
  %m8_6 = fmul double %m8_5, %x
  %m8_7 = fmul double %m8_6, %x
  %m8_8 = fmul double %m8_7, %x
  store double %m8_8, ptr addrspace(1) %out
  br label %test9
test9:
  %bit9 = and i64 %bits, 512
  %on9 = icmp ne i64 %bit9, 0
  br i1 %on9, label %then9, label %test10
then9:
  %m9_0 = fmul double %x, %x
  %m9_1 = fmul double %m9_0, %x
  %m9_2 = fmul double %m9_1, %x
  %m9_3 = fmul double %m9_2, %x
  %m9_4 = fmul double %m9_3, %x
  %m9_5 = fmul double %m9_4, %x
  %m9_6 = fmul double %m9_5, %x
  %m9_7 = fmul double %m9_6, %x
  %m9_8 = fmul double %m9_7, %x
  %m9_9 = fmul double %m9_8, %x
  store double %m9_9, ptr addrspace(1) %out
  br label %test10
test10:
  %bit10 = and i64 %bits, 1024
  %on10 = icmp ne i64 %bit10, 0
  br i1 %on10, label %then10, label %test11
then10:
  %m10_0 = fmul double %x, %x
  %m10_1 = fmul double %m10_0, %x
  %m10_2 = fmul double %m10_1, %x
  %m10_3 = fmul double %m10_2, %x
  %m10_4 = fmul double %m10_3, %x
  %m10_5 = fmul double %m10_4, %x
  %m10_6 = fmul double %m10_5, %x
  %m10_7 = fmul double %m10_6, %x
  %m10_8 = fmul double %m10_7, %x
  %m10_9 = fmul double %m10_8, %x
  %m10_10 = fmul double %m10_9, %x
  store double %m10_10, ptr addrspace(1) %out
  br label %test11
test11:
  %bit11 = and i64 %bits, 2048
  %on11 = icmp ne i64 %bit11, 0
  br i1 %on11, label %then11, label %test12
then11:
  %m11_0 = fmul double %x, %x
  %m11_1 = fmul double %m11_0, %x
  %m11_2 = fmul double %m11_1, %x
  %m11_3 = fmul double %m11_2, %x
  %m11_4 = fmul double %m11_3, %x
  %m11_5 = fmul double %m11_4, %x
  %m11_6 = fmul double %m11_5, %x
  %m11_7 = fmul double %m11_6, %x
  %m11_8 = fmul double %m11_7, %x
  %m11_9 = fmul double %m11_8, %x
  %m11_10 = fmul double %m11_9, %x
  %m11_11 = fmul double %m11_10, %x
  store double %m11_11, ptr addrspace(1) %out
  br label %test12
test12:
  %bit12 = and i64 %bits, 4096
  %on12 = icmp ne i64 %bit12, 0
  br i1 %on12, label %then12, label %test13
then12:
  %m12_0 = fmul double %x, %x
  %m12_1 = fmul double %m12_0, %x
  %m12_2 = fmul double %m12_1, %x
  %m12_3 = fmul double %m12_2, %x
  %m12_4 = fmul double %m12_3, %x
  %m12_5 = fmul double %m12_4, %x
  %m12_6 = fmul double %m12_5, %x
  %m12_7 = fmul double %m12_6, %x
  %m12_8 = fmul double %m12_7, %x
  %m12_9 = fmul double %m12_8, %x
  %m12_10 = fmul double %m12_9, %x
  %m12_11 = fmul double %m12_10, %x
  %m12_12 = fmul double %m12_11, %x
  store double %m12_12, ptr addrspace(1) %out
  br label %test13
test13:
  %bit13 = and i64 %bits, 8192
  %on13 = icmp ne i64 %bit13, 0
  br i1 %on13, label %then13, label %test14
then13:
  %m13_0 = fmul double %x, %x
  %m13_1 = fmul double %m13_0, %x
  %m13_2 = fmul double %m13_1, %x
  %m13_3 = fmul double %m13_2, %x
  %m13_4 = fmul double %m13_3, %x
  %m13_5 = fmul double %m13_4, %x
  %m13_6 = fmul double %m13_5, %x
  %m13_7 = fmul double %m13_6, %x
  %m13_8 = fmul double %m13_7, %x
  %m13_9 = fmul double %m13_8, %x
  %m13_10 = fmul double %m13_9, %x
  %m13_11 = fmul double %m13_10, %x
  %m13_12 = fmul double %m13_11, %x
  %m13_13 = fmul double %m13_12, %x
  store double %m13_13, ptr addrspace(1) %out
  br label %test14
test14:
  %bit14 = and i64 %bits, 16384
  %on14 = icmp ne i64 %bit14, 0
  br i1 %on14, label %then14, label %test15
then14:
  %m14_0 = fmul double %x, %x
  %m14_1 = fmul double %m14_0, %x
  %m14_2 = fmul double %m14_1, %x
  %m14_3 = fmul double %m14_2, %x
  %m14_4 = fmul double %m14_3, %x
  %m14_5 = fmul double %m14_4, %x
  %m14_6 = fmul double %m14_5, %x
  %m14_7 = fmul double %m14_6, %x
  %m14_8 = fmul double %m14_7, %x
  %m14_9 = fmul double %m14_8, %x
  %m14_10 = fmul double %m14_9, %x
  %m14_11 = fmul double %m14_10, %x
  %m14_12 = fmul double %m14_11, %x
  %m14_13 = fmul double %m14_12, %x
  %m14_14 = fmul double %m14_13, %x
  store double %m14_14, ptr addrspace(1) %out
  br label %test15
test15:
  %bit15 = and i64 %bits, 32768
  %on15 = icmp ne i64 %bit15, 0
  br i1 %on15, label %then15, label %test16
then15:
  %m15_0 = fmul double %x, %x
  %m15_1 = fmul double %m15_0, %x
  %m15_2 = fmul double %m15_1, %x
  %m15_3 = fmul double %m15_2, %x
  %m15_4 = fmul double %m15_3, %x
  %m15_5 = fmul double %m15_4, %x
  %m15_6 = fmul double %m15_5, %x
  %m15_7 = fmul double %m15_6, %x
  %m15_8 = fmul double %m15_7, %x
  %m15_9 = fmul double %m15_8, %x
  %m15_10 = fmul double %m15_9, %x
  %m15_11 = fmul double %m15_10, %x
  %m15_12 = fmul double %m15_11, %x
  %m15_13 = fmul double %m15_12, %x
  %m15_14 = fmul double %m15_13, %x
  %m15_15 = fmul double %m15_14, %x
  store double %m15_15, ptr addrspace(1) %out
  br label %test16
test16:
  %bit16 = and i64 %bits, 65536
  %on16 = icmp ne i64 %bit16, 0
  br i1 %on16, label %then16, label %test17
then16:
  %m16_0 = fmul double %x, %x
  %m16_1 = fmul double %m16_0, %x
  %m16_2 = fmul double %m16_1, %x
  %m16_3 = fmul double %m16_2, %x
  %m16_4 = fmul double %m16_3, %x
  %m16_5 = fmul double %m16_4, %x
  %m16_6 = fmul double %m16_5, %x
  %m16_7 = fmul double %m16_6, %x
  %m16_8 = fmul double %m16_7, %x
  %m16_9 = fmul double %m16_8, %x
  %m16_10 = fmul double %m16_9, %x
  %m16_11 = fmul double %m16_10, %x
  %m16_12 = fmul double %m16_11, %x
  %m16_13 = fmul double %m16_12, %x
  %m16_14 = fmul double %m16_13, %x
  %m16_15 = fmul double %m16_14, %x
  %m16_16 = fmul double %m16_15, %x
  store double %m16_16, ptr addrspace(1) %out
  br label %test17
test17:
  %bit17 = and i64 %bits, 131072
  %on17 = icmp ne i64 %bit17, 0
  br i1 %on17, label %then17, label %test18
then17:
  %m17_0 = fmul double %x, %x
  %m17_1 = fmul double %m17_0, %x
  %m17_2 = fmul double %m17_1, %x
  %m17_3 = fmul double %m17_2, %x
  %m17_4 = fmul double %m17_3, %x
  %m17_5 = fmul double %m17_4, %x
  %m17_6 = fmul double %m17_5, %x
  %m17_7 = fmul double %m17_6, %x
  %m17_8 = fmul double %m17_7, %x
  %m17_9 = fmul double %m17_8, %x
  %m17_10 = fmul double %m17_9, %x
  %m17_11 = fmul double %m17_10, %x
  %m17_12 = fmul double %m17_11, %x
  %m17_13 = fmul double %m17_12, %x
  %m17_14 = fmul double %m17_13, %x
  %m17_15 = fmul double %m17_14, %x
  %m17_16 = fmul double %m17_15, %x
  %m17_17 = fmul double %m17_16, %x
  store double %m17_17, ptr addrspace(1) %out
  br label %test18
test18:
  %bit18 = and i64 %bits, 262144
  %on18 = icmp ne i64 %bit18, 0
  br i1 %on18, label %then18, label %test19
then18:
  %m18_0 = fmul double %x, %x
  %m18_1 = fmul double %m18_0, %x
  %m18_2 = fmul double %m18_1, %x
  %m18_3 = fmul double %m18_2, %x
  %m18_4 = fmul double %m18_3, %x
  %m18_5 = fmul double %m18_4, %x
  %m18_6 = fmul double %m18_5, %x
  %m18_7 = fmul double %m18_6, %x
  %m18_8 = fmul double %m18_7, %x
  %m18_9 = fmul double %m18_8, %x
  %m18_10 = fmul double %m18_9, %x
  %m18_11 = fmul double %m18_10, %x
  %m18_12 = fmul double %m18_11, %x
  %m18_13 = fmul double %m18_12, %x
  %m18_14 = fmul double %m18_13, %x
  %m18_15 = fmul double %m18_14, %x
  %m18_16 = fmul double %m18_15, %x
  %m18_17 = fmul double %m18_16, %x
  %m18_18 = fmul double %m18_17, %x
  store double %m18_18, ptr addrspace(1) %out
  br label %test19
test19:
  %bit19 = and i64 %bits, 524288
  %on19 = icmp ne i64 %bit19, 0
  br i1 %on19, label %then19, label %test20
then19:
  %m19_0 = fmul double %x, %x
  %m19_1 = fmul double %m19_0, %x
  %m19_2 = fmul double %m19_1, %x
  %m19_3 = fmul double %m19_2, %x
  %m19_4 = fmul double %m19_3, %x
  %m19_5 = fmul double %m19_4, %x
  %m19_6 = fmul double %m19_5, %x
  %m19_7 = fmul double %m19_6, %x
  %m19_8 = fmul double %m19_7, %x
  %m19_9 = fmul double %m19_8, %x
  %m19_10 = fmul double %m19_9, %x
  %m19_11 = fmul double %m19_10, %x
  %m19_12 = fmul double %m19_11, %x
  %m19_13 = fmul double %m19_12, %x
  %m19_14 = fmul double %m19_13, %x
  %m19_15 = fmul double %m19_14, %x
  %m19_16 = fmul double %m19_15, %x
  %m19_17 = fmul double %m19_16, %x
  %m19_18 = fmul double %m19_17, %x
  %m19_19 = fmul double %m19_18, %x
  store double %m19_19, ptr addrspace(1) %out
  br label %test20
test20:
  %bit20 = and i64 %bits, 1048576
  %on20 = icmp ne i64 %bit20, 0
  br i1 %on20, label %then20, label %test21
then20:
  %m20_0 = fmul double %x, %x
  %m20_1 = fmul double %m20_0, %x
  %m20_2 = fmul double %m20_1, %x
  %m20_3 = fmul double %m20_2, %x
  %m20_4 = fmul double %m20_3, %x
  %m20_5 = fmul double %m20_4, %x
  %m20_6 = fmul double %m20_5, %x
  %m20_7 = fmul double %m20_6, %x
  %m20_8 = fmul double %m20_7, %x
  %m20_9 = fmul double %m20_8, %x
  %m20_10 = fmul double %m20_9, %x
  %m20_11 = fmul double %m20_10, %x
  %m20_12 = fmul double %m20_11, %x
  %m20_13 = fmul double %m20_12, %x
  %m20_14 = fmul double %m20_13, %x
  %m20_15 = fmul double %m20_14, %x
  %m20_16 = fmul double %m20_15, %x
  %m20_17 = fmul double %m20_16, %x
  %m20_18 = fmul double %m20_17, %x
  %m20_19 = fmul double %m20_18, %x
  %m20_20 = fmul double %m20_19, %x
  store double %m20_20, ptr addrspace(1) %out
  br label %test21
test21:
  %bit21 = and i64 %bits, 2097152
  %on21 = icmp ne i64 %bit21, 0
  br i1 %on21, label %then21, label %test22
then21:
  %m21_0 = fmul double %x, %x
  %m21_1 = fmul double %m21_0, %x
  %m21_2 = fmul double %m21_1, %x
  %m21_3 = fmul double %m21_2, %x
  %m21_4 = fmul double %m21_3, %x
  %m21_5 = fmul double %m21_4, %x
  %m21_6 = fmul double %m21_5, %x
  %m21_7 = fmul double %m21_6, %x
  %m21_8 = fmul double %m21_7, %x
  %m21_9 = fmul double %m21_8, %x
  %m21_10 = fmul double %m21_9, %x
  %m21_11 = fmul double %m21_10, %x
  %m21_12 = fmul double %m21_11, %x
  %m21_13 = fmul double %m21_12, %x
  %m21_14 = fmul double %m21_13, %x
  %m21_15 = fmul double %m21_14, %x
  %m21_16 = fmul double %m21_15, %x
  %m21_17 = fmul double %m21_16, %x
  %m21_18 = fmul double %m21_17, %x
  %m21_19 = fmul double %m21_18, %x
  %m21_20 = fmul double %m21_19, %x
  %m21_21 = fmul double %m21_20, %x
  store double %m21_21, ptr addrspace(1) %out
  br label %test22
test22:
  %bit22 = and i64 %bits, 4194304
  %on22 = icmp ne i64 %bit22, 0
  br i1 %on22, label %then22, label %test23
then22:
  %m22_0 = fmul double %x, %x
  %m22_1 = fmul double %m22_0, %x
  %m22_2 = fmul double %m22_1, %x
  %m22_3 = fmul double %m22_2, %x
  %m22_4 = fmul double %m22_3, %x
  %m22_5 = fmul double %m22_4, %x
  %m22_6 = fmul double %m22_5, %x
  %m22_7 = fmul double %m22_6, %x
  %m22_8 = fmul double %m22_7, %x
  %m22_9 = fmul double %m22_8, %x
  %m22_10 = fmul double %m22_9, %x
  %m22_11 = fmul double %m22_10, %x
  %m22_12 = fmul double %m22_11, %x
  %m22_13 = fmul double %m22_12, %x
  %m22_14 = fmul double %m22_13, %x
  %m22_15 = fmul double %m22_14, %x
  %m22_16 = fmul double %m22_15, %x
  %m22_17 = fmul double %m22_16, %x
  %m22_18 = fmul double %m22_17, %x
  %m22_19 = fmul double %m22_18, %x
  %m22_20 = fmul double %m22_19, %x
  %m22_21 = fmul double %m22_20, %x
  %m22_22 = fmul double %m22_21, %x
  store double %m22_22, ptr addrspace(1) %out
  br label %test23
test23:
  %bit23 = and i64 %bits, 8388608
  %on23 = icmp ne i64 %bit23, 0
  br i1 %on23, label %then23, label %test24
then23:
  %m23_0 = fmul double %x, %x
  %m23_1 = fmul double %m23_0, %x
  %m23_2 = fmul double %m23_1, %x
  %m23_3 = fmul double %m23_2, %x
  %m23_4 = fmul double %m23_3, %x
  %m23_5 = fmul double %m23_4, %x
  %m23_6 = fmul double %m23_5, %x
  %m23_7 = fmul double %m23_6, %x
  %m23_8 = fmul double %m23_7, %x
  %m23_9 = fmul double %m23_8, %x
  %m23_10 = fmul double %m23_9, %x
  %m23_11 = fmul double %m23_10, %x
  %m23_12 = fmul double %m23_11, %x
  %m23_13 = fmul double %m23_12, %x
  %m23_14 = fmul double %m23_13, %x
  %m23_15 = fmul double %m23_14, %x
  %m23_16 = fmul double %m23_15, %x
  %m23_17 = fmul double %m23_16, %x
  %m23_18 = fmul double %m23_17, %x
  %m23_19 = fmul double %m23_18, %x
  %m23_20 = fmul double %m23_19, %x
  %m23_21 = fmul double %m23_20, %x
  %m23_22 = fmul double %m23_21, %x
  %m23_23 = fmul double %m23_22, %x
  store double %m23_23, ptr addrspace(1) %out
  br label %test24
test24:
  %bit24 = and i64 %bits, 16777216
  %on24 = icmp ne i64 %bit24, 0
  br i1 %on24, label %then24, label %test25
then24:
  %m24_0 = fmul double %x, %x
  %m24_1 = fmul double %m24_0, %x
  %m24_2 = fmul double %m24_1, %x
  %m24_3 = fmul double %m24_2, %x
  %m24_4 = fmul double %m24_3, %x
  %m24_5 = fmul double %m24_4, %x
  %m24_6 = fmul double %m24_5, %x
  %m24_7 = fmul double %m24_6, %x
  %m24_8 = fmul double %m24_7, %x
  %m24_9 = fmul double %m24_8, %x
  %m24_10 = fmul double %m24_9, %x
  %m24_11 = fmul double %m24_10, %x
  %m24_12 = fmul double %m24_11, %x
  %m24_13 = fmul double %m24_12, %x
  %m24_14 = fmul double %m24_13, %x
  %m24_15 = fmul double %m24_14, %x
  %m24_16 = fmul double %m24_15, %x
  %m24_17 = fmul double %m24_16, %x
  %m24_18 = fmul double %m24_17, %x
  %m24_19 = fmul double %m24_18, %x
  %m24_20 = fmul double %m24_19, %x
  %m24_21 = fmul double %m24_20, %x
  %m24_22 = fmul double %m24_21, %x
  %m24_23 = fmul double %m24_22, %x
  %m24_24 = fmul double %m24_23, %x
  store double %m24_24, ptr addrspace(1) %out
  br label %test25
test25:
  %bit25 = and i64 %bits, 33554432
  %on25 = icmp ne i64 %bit25, 0
  br i1 %on25, label %then25, label %test26
then25:
  %m25_0 = fmul double %x, %x
  %m25_1 = fmul double %m25_0, %x
  %m25_2 = fmul double %m25_1, %x
  %m25_3 = fmul double %m25_2, %x
  %m25_4 = fmul double %m25_3, %x
  %m25_5 = fmul double %m25_4, %x
  %m25_6 = fmul double %m25_5, %x
  %m25_7 = fmul double %m25_6, %x
  %m25_8 = fmul double %m25_7, %x
  %m25_9 = fmul double %m25_8, %x
  %m25_10 = fmul double %m25_9, %x
  %m25_11 = fmul double %m25_10, %x
  %m25_12 = fmul double %m25_11, %x
  %m25_13 = fmul double %m25_12, %x
  %m25_14 = fmul double %m25_13, %x
  %m25_15 = fmul double %m25_14, %x
  %m25_16 = fmul double %m25_15, %x
  %m25_17 = fmul double %m25_16, %x
  %m25_18 = fmul double %m25_17, %x
  %m25_19 = fmul double %m25_18, %x
  %m25_20 = fmul double %m25_19, %x
  %m25_21 = fmul double %m25_20, %x
  %m25_22 = fmul double %m25_21, %x
  %m25_23 = fmul double %m25_22, %x
  %m25_24 = fmul double %m25_23, %x
  %m25_25 = fmul double %m25_24, %x
  store double %m25_25, ptr addrspace(1) %out
  br label %test26
test26:
  %bit26 = and i64 %bits, 67108864
  %on26 = icmp ne i64 %bit26, 0
  br i1 %on26, label %then26, label %test27
then26:
  %m26_0 = fmul double %x, %x
  %m26_1 = fmul double %m26_0, %x
  %m26_2 = fmul double %m26_1, %x
  %m26_3 = fmul double %m26_2, %x
  %m26_4 = fmul double %m26_3, %x
  %m26_5 = fmul double %m26_4, %x
  %m26_6 = fmul double %m26_5, %x
  %m26_7 = fmul double %m26_6, %x
  %m26_8 = fmul double %m26_7, %x
  %m26_9 = fmul double %m26_8, %x
  %m26_10 = fmul double %m26_9, %x
  %m26_11 = fmul double %m26_10, %x
  %m26_12 = fmul double %m26_11, %x
  %m26_13 = fmul double %m26_12, %x
  %m26_14 = fmul double %m26_13, %x
  %m26_15 = fmul double %m26_14, %x
  %m26_16 = fmul double %m26_15, %x
  %m26_17 = fmul double %m26_16, %x
  %m26_18 = fmul double %m26_17, %x
  %m26_19 = fmul double %m26_18, %x
  %m26_20 = fmul double %m26_19, %x
  %m26_21 = fmul double %m26_20, %x
  %m26_22 = fmul double %m26_21, %x
  %m26_23 = fmul double %m26_22, %x
  %m26_24 = fmul double %m26_23, %x
  %m26_25 = fmul double %m26_24, %x
  %m26_26 = fmul double %m26_25, %x
  store double %m26_26, ptr addrspace(1) %out
  br label %test27
test27:
  %bit27 = and i64 %bits, 134217728
  %on27 = icmp ne i64 %bit27, 0
  br i1 %on27, label %then27, label %test28
then27:
  %m27_0 = fmul double %x, %x
  %m27_1 = fmul double %m27_0, %x
  %m27_2 = fmul double %m27_1, %x
  %m27_3 = fmul double %m27_2, %x
  %m27_4 = fmul double %m27_3, %x
  %m27_5 = fmul double %m27_4, %x
  %m27_6 = fmul double %m27_5, %x
  %m27_7 = fmul double %m27_6, %x
  %m27_8 = fmul double %m27_7, %x
  %m27_9 = fmul double %m27_8, %x
  %m27_10 = fmul double %m27_9, %x
  %m27_11 = fmul double %m27_10, %x
  %m27_12 = fmul double %m27_11, %x
  %m27_13 = fmul double %m27_12, %x
  %m27_14 = fmul double %m27_13, %x
  %m27_15 = fmul double %m27_14, %x
  %m27_16 = fmul double %m27_15, %x
  %m27_17 = fmul double %m27_16, %x
  %m27_18 = fmul double %m27_17, %x
  %m27_19 = fmul double %m27_18, %x
  %m27_20 = fmul double %m27_19, %x
  %m27_21 = fmul double %m27_20, %x
  %m27_22 = fmul double %m27_21, %x
  %m27_23 = fmul double %m27_22, %x
  %m27_24 = fmul double %m27_23, %x
  %m27_25 = fmul double %m27_24, %x
  %m27_26 = fmul double %m27_25, %x
  %m27_27 = fmul double %m27_26, %x
  store double %m27_27, ptr addrspace(1) %out
  br label %test28
test28:
  %bit28 = and i64 %bits, 268435456
  %on28 = icmp ne i64 %bit28, 0
  br i1 %on28, label %then28, label %test29
then28:
  %m28_0 = fmul double %x, %x
  %m28_1 = fmul double %m28_0, %x
  %m28_2 = fmul double %m28_1, %x
  %m28_3 = fmul double %m28_2, %x
  %m28_4 = fmul double %m28_3, %x
  %m28_5 = fmul double %m28_4, %x
  %m28_6 = fmul double %m28_5, %x
  %m28_7 = fmul double %m28_6, %x
  %m28_8 = fmul double %m28_7, %x
  %m28_9 = fmul double %m28_8, %x
  %m28_10 = fmul double %m28_9, %x
  %m28_11 = fmul double %m28_10, %x
  %m28_12 = fmul double %m28_11, %x
  %m28_13 = fmul double %m28_12, %x
  %m28_14 = fmul double %m28_13, %x
  %m28_15 = fmul double %m28_14, %x
  %m28_16 = fmul double %m28_15, %x
  %m28_17 = fmul double %m28_16, %x
  %m28_18 = fmul double %m28_17, %x
  %m28_19 = fmul double %m28_18, %x
  %m28_20 = fmul double %m28_19, %x
  %m28_21 = fmul double %m28_20, %x
  %m28_22 = fmul double %m28_21, %x
  %m28_23 = fmul double %m28_22, %x
  %m28_24 = fmul double %m28_23, %x
  %m28_25 = fmul double %m28_24, %x
  %m28_26 = fmul double %m28_25, %x
  %m28_27 = fmul double %m28_26, %x
  %m28_28 = fmul double %m28_27, %x
  store double %m28_28, ptr addrspace(1) %out
  br label %test29
test29:
  %bit29 = and i64 %bits, 536870912
  %on29 = icmp ne i64 %bit29, 0
  br i1 %on29, label %then29, label %test30
then29:
  %m29_0 = fmul double %x, %x
  %m29_1 = fmul double %m29_0, %x
  %m29_2 = fmul double %m29_1, %x
  %m29_3 = fmul double %m29_2, %x
  %m29_4 = fmul double %m29_3, %x
  %m29_5 = fmul double %m29_4, %x
  %m29_6 = fmul double %m29_5, %x
  %m29_7 = fmul double %m29_6, %x
  %m29_8 = fmul double %m29_7, %x
  %m29_9 = fmul double %m29_8, %x
  %m29_10 = fmul double %m29_9, %x
  %m29_11 = fmul double %m29_10, %x
  %m29_12 = fmul double %m29_11, %x
  %m29_13 = fmul double %m29_12, %x
  %m29_14 = fmul double %m29_13, %x
  %m29_15 = fmul double %m29_14, %x
  %m29_16 = fmul double %m29_15, %x
  %m29_17 = fmul double %m29_16, %x
  %m29_18 = fmul double %m29_17, %x
  %m29_19 = fmul double %m29_18, %x
  %m29_20 = fmul double %m29_19, %x
  %m29_21 = fmul double %m29_20, %x
  %m29_22 = fmul double %m29_21, %x
  %m29_23 = fmul double %m29_22, %x
  %m29_24 = fmul double %m29_23, %x
  %m29_25 = fmul double %m29_24, %x
  %m29_26 = fmul double %m29_25, %x
  %m29_27 = fmul double %m29_26, %x
  %m29_28 = fmul double %m29_27, %x
  %m29_29 = fmul double %m29_28, %x
  store double %m29_29, ptr addrspace(1) %out
  br label %test30
test30:
  %bit30 = and i64 %bits, 1073741824
  %on30 = icmp ne i64 %bit30, 0
  br i1 %on30, label %then30, label %test31
then30:
  %m30_0 = fmul double %x, %x
  %m30_1 = fmul double %m30_0, %x
  %m30_2 = fmul double %m30_1, %x
  %m30_3 = fmul double %m30_2, %x
  %m30_4 = fmul double %m30_3, %x
  %m30_5 = fmul double %m30_4, %x
  %m30_6 = fmul double %m30_5, %x
  %m30_7 = fmul double %m30_6, %x
  %m30_8 = fmul double %m30_7, %x
  %m30_9 = fmul double %m30_8, %x
  %m30_10 = fmul double %m30_9, %x
  %m30_11 = fmul double %m30_10, %x
  %m30_12 = fmul double %m30_11, %x
  %m30_13 = fmul double %m30_12, %x
  %m30_14 = fmul double %m30_13, %x
  %m30_15 = fmul double %m30_14, %x
  %m30_16 = fmul double %m30_15, %x
  %m30_17 = fmul double %m30_16, %x
  %m30_18 = fmul double %m30_17, %x
  %m30_19 = fmul double %m30_18, %x
  %m30_20 = fmul double %m30_19, %x
  %m30_21 = fmul double %m30_20, %x
  %m30_22 = fmul double %m30_21, %x
  %m30_23 = fmul double %m30_22, %x
  %m30_24 = fmul double %m30_23, %x
  %m30_25 = fmul double %m30_24, %x
  %m30_26 = fmul double %m30_25, %x
  %m30_27 = fmul double %m30_26, %x
  %m30_28 = fmul double %m30_27, %x
  %m30_29 = fmul double %m30_28, %x
  %m30_30 = fmul double %m30_29, %x
  store double %m30_30, ptr addrspace(1) %out
  br label %test31
test31:
  %bit31 = and i64 %bits, 2147483648
  %on31 = icmp ne i64 %bit31, 0
  br i1 %on31, label %then31, label %test32
then31:
  %m31_0 = fmul double %x, %x
  %m31_1 = fmul double %m31_0, %x
  %m31_2 = fmul double %m31_1, %x
  %m31_3 = fmul double %m31_2, %x
  %m31_4 = fmul double %m31_3, %x
  %m31_5 = fmul double %m31_4, %x
  %m31_6 = fmul double %m31_5, %x
  %m31_7 = fmul double %m31_6, %x
  %m31_8 = fmul double %m31_7, %x
  %m31_9 = fmul double %m31_8, %x
  %m31_10 = fmul double %m31_9, %x
  %m31_11 = fmul double %m31_10, %x
  %m31_12 = fmul double %m31_11, %x
  %m31_13 = fmul double %m31_12, %x
  %m31_14 = fmul double %m31_13, %x
  %m31_15 = fmul double %m31_14, %x
  %m31_16 = fmul double %m31_15, %x
  %m31_17 = fmul double %m31_16, %x
  %m31_18 = fmul double %m31_17, %x
  %m31_19 = fmul double %m31_18, %x
  %m31_20 = fmul double %m31_19, %x
  %m31_21 = fmul double %m31_20, %x
  %m31_22 = fmul double %m31_21, %x
  %m31_23 = fmul double %m31_22, %x
  %m31_24 = fmul double %m31_23, %x
  %m31_25 = fmul double %m31_24, %x
  %m31_26 = fmul double %m31_25, %x
  %m31_27 = fmul double %m31_26, %x
  %m31_28 = fmul double %m31_27, %x
  %m31_29 = fmul double %m31_28, %x
  %m31_30 = fmul double %m31_29, %x
  %m31_31 = fmul double %m31_30, %x
  store double %m31_31, ptr addrspace(1) %out
  br label %test32
test32:
  %bit32 = and i64 %bits, 4294967296
  %on32 = icmp ne i64 %bit32, 0
  br i1 %on32, label %then32, label %test33
then32:
  %m32_0 = fmul double %x, %x
  %m32_1 = fmul double %m32_0, %x
  %m32_2 = fmul double %m32_1, %x
  %m32_3 = fmul double %m32_2, %x
  %m32_4 = fmul double %m32_3, %x
  %m32_5 = fmul double %m32_4, %x
  %m32_6 = fmul double %m32_5, %x
  %m32_7 = fmul double %m32_6, %x
  %m32_8 = fmul double %m32_7, %x
  %m32_9 = fmul double %m32_8, %x
  %m32_10 = fmul double %m32_9, %x
  %m32_11 = fmul double %m32_10, %x
  %m32_12 = fmul double %m32_11, %x
  %m32_13 = fmul double %m32_12, %x
  %m32_14 = fmul double %m32_13, %x
  %m32_15 = fmul double %m32_14, %x
  %m32_16 = fmul double %m32_15, %x
  %m32_17 = fmul double %m32_16, %x
  %m32_18 = fmul double %m32_17, %x
  %m32_19 = fmul double %m32_18, %x
  %m32_20 = fmul double %m32_19, %x
  %m32_21 = fmul double %m32_20, %x
  %m32_22 = fmul double %m32_21, %x
  %m32_23 = fmul double %m32_22, %x
  %m32_24 = fmul double %m32_23, %x
  %m32_25 = fmul double %m32_24, %x
  %m32_26 = fmul double %m32_25, %x
  %m32_27 = fmul double %m32_26, %x
  %m32_28 = fmul double %m32_27, %x
  %m32_29 = fmul double %m32_28, %x
  %m32_30 = fmul double %m32_29, %x
  %m32_31 = fmul double %m32_30, %x
  %m32_32 = fmul double %m32_31, %x
  store double %m32_32, ptr addrspace(1) %out
  br label %test33
test33:
  %bit33 = and i64 %bits, 8589934592
  %on33 = icmp ne i64 %bit33, 0
  br i1 %on33, label %then33, label %test34
then33:
  %m33_0 = fmul double %x, %x
  %m33_1 = fmul double %m33_0, %x
  %m33_2 = fmul double %m33_1, %x
  %m33_3 = fmul double %m33_2, %x
  %m33_4 = fmul double %m33_3, %x
  %m33_5 = fmul double %m33_4, %x
  %m33_6 = fmul double %m33_5, %x
  %m33_7 = fmul double %m33_6, %x
  %m33_8 = fmul double %m33_7, %x
  %m33_9 = fmul double %m33_8, %x
  %m33_10 = fmul double %m33_9, %x
  %m33_11 = fmul double %m33_10, %x
  %m33_12 = fmul double %m33_11, %x
  %m33_13 = fmul double %m33_12, %x
  %m33_14 = fmul double %m33_13, %x
  %m33_15 = fmul double %m33_14, %x
  %m33_16 = fmul double %m33_15, %x
  %m33_17 = fmul double %m33_16, %x
  %m33_18 = fmul double %m33_17, %x
  %m33_19 = fmul double %m33_18, %x
  %m33_20 = fmul double %m33_19, %x
  %m33_21 = fmul double %m33_20, %x
  %m33_22 = fmul double %m33_21, %x
  %m33_23 = fmul double %m33_22, %x
  %m33_24 = fmul double %m33_23, %x
  %m33_25 = fmul double %m33_24, %x
  %m33_26 = fmul double %m33_25, %x
  %m33_27 = fmul double %m33_26, %x
  %m33_28 = fmul double %m33_27, %x
  %m33_29 = fmul double %m33_28, %x
  %m33_30 = fmul double %m33_29, %x
  %m33_31 = fmul double %m33_30, %x
  %m33_32 = fmul double %m33_31, %x
  %m33_33 = fmul double %m33_32, %x
  store double %m33_33, ptr addrspace(1) %out
  br label %test34
test34:
  %bit34 = and i64 %bits, 17179869184
  %on34 = icmp ne i64 %bit34, 0
  br i1 %on34, label %then34, label %test35
then34:
  %m34_0 = fmul double %x, %x
  %m34_1 = fmul double %m34_0, %x
  %m34_2 = fmul double %m34_1, %x
  %m34_3 = fmul double %m34_2, %x
  %m34_4 = fmul double %m34_3, %x
  %m34_5 = fmul double %m34_4, %x
  %m34_6 = fmul double %m34_5, %x
  %m34_7 = fmul double %m34_6, %x
  %m34_8 = fmul double %m34_7, %x
  %m34_9 = fmul double %m34_8, %x
  %m34_10 = fmul double %m34_9, %x
  %m34_11 = fmul double %m34_10, %x
  %m34_12 = fmul double %m34_11, %x
  %m34_13 = fmul double %m34_12, %x
  %m34_14 = fmul double %m34_13, %x
  %m34_15 = fmul double %m34_14, %x
  %m34_16 = fmul double %m34_15, %x
  %m34_17 = fmul double %m34_16, %x
  %m34_18 = fmul double %m34_17, %x
  %m34_19 = fmul double %m34_18, %x
  %m34_20 = fmul double %m34_19, %x
  %m34_21 = fmul double %m34_20, %x
  %m34_22 = fmul double %m34_21, %x
  %m34_23 = fmul double %m34_22, %x
  %m34_24 = fmul double %m34_23, %x
  %m34_25 = fmul double %m34_24, %x
  %m34_26 = fmul double %m34_25, %x
  %m34_27 = fmul double %m34_26, %x
  %m34_28 = fmul double %m34_27, %x
  %m34_29 = fmul double %m34_28, %x
  %m34_30 = fmul double %m34_29, %x
  %m34_31 = fmul double %m34_30, %x
  %m34_32 = fmul double %m34_31, %x
  %m34_33 = fmul double %m34_32, %x
  %m34_34 = fmul double %m34_33, %x
  store double %m34_34, ptr addrspace(1) %out
  br label %test35
test35:
  %bit35 = and i64 %bits, 34359738368
  %on35 = icmp ne i64 %bit35, 0
  br i1 %on35, label %then35, label %test36
then35:
  %m35_0 = fmul double %x, %x
  %m35_1 = fmul double %m35_0, %x
  %m35_2 = fmul double %m35_1, %x
  %m35_3 = fmul double %m35_2, %x
  %m35_4 = fmul double %m35_3, %x
  %m35_5 = fmul double %m35_4, %x
  %m35_6 = fmul double %m35_5, %x
  %m35_7 = fmul double %m35_6, %x
  %m35_8 = fmul double %m35_7, %x
  %m35_9 = fmul double %m35_8, %x
  %m35_10 = fmul double %m35_9, %x
  %m35_11 = fmul double %m35_10, %x
  %m35_12 = fmul double %m35_11, %x
  %m35_13 = fmul double %m35_12, %x
  %m35_14 = fmul double %m35_13, %x
  %m35_15 = fmul double %m35_14, %x
  %m35_16 = fmul double %m35_15, %x
  %m35_17 = fmul double %m35_16, %x
  %m35_18 = fmul double %m35_17, %x
  %m35_19 = fmul double %m35_18, %x
  %m35_20 = fmul double %m35_19, %x
  %m35_21 = fmul double %m35_20, %x
  %m35_22 = fmul double %m35_21, %x
  %m35_23 = fmul double %m35_22, %x
  %m35_24 = fmul double %m35_23, %x
  %m35_25 = fmul double %m35_24, %x
  %m35_26 = fmul double %m35_25, %x
  %m35_27 = fmul double %m35_26, %x
  %m35_28 = fmul double %m35_27, %x
  %m35_29 = fmul double %m35_28, %x
  %m35_30 = fmul double %m35_29, %x
  %m35_31 = fmul double %m35_30, %x
  %m35_32 = fmul double %m35_31, %x
  %m35_33 = fmul double %m35_32, %x
  %m35_34 = fmul double %m35_33, %x
  %m35_35 = fmul double %m35_34, %x
  store double %m35_35, ptr addrspace(1) %out
  br label %test36
test36:
  %bit36 = and i64 %bits, 68719476736
  %on36 = icmp ne i64 %bit36, 0
  br i1 %on36, label %then36, label %test37
then36:
  %m36_0 = fmul double %x, %x
  %m36_1 = fmul double %m36_0, %x
  %m36_2 = fmul double %m36_1, %x
  %m36_3 = fmul double %m36_2, %x
  %m36_4 = fmul double %m36_3, %x
  %m36_5 = fmul double %m36_4, %x
  %m36_6 = fmul double %m36_5, %x
  %m36_7 = fmul double %m36_6, %x
  %m36_8 = fmul double %m36_7, %x
  %m36_9 = fmul double %m36_8, %x
  %m36_10 = fmul double %m36_9, %x
  %m36_11 = fmul double %m36_10, %x
  %m36_12 = fmul double %m36_11, %x
  %m36_13 = fmul double %m36_12, %x
  %m36_14 = fmul double %m36_13, %x
  %m36_15 = fmul double %m36_14, %x
  %m36_16 = fmul double %m36_15, %x
  %m36_17 = fmul double %m36_16, %x
  %m36_18 = fmul double %m36_17, %x
  %m36_19 = fmul double %m36_18, %x
  %m36_20 = fmul double %m36_19, %x
  %m36_21 = fmul double %m36_20, %x
  %m36_22 = fmul double %m36_21, %x
  %m36_23 = fmul double %m36_22, %x
  %m36_24 = fmul double %m36_23, %x
  %m36_25 = fmul double %m36_24, %x
  %m36_26 = fmul double %m36_25, %x
  %m36_27 = fmul double %m36_26, %x
  %m36_28 = fmul double %m36_27, %x
  %m36_29 = fmul double %m36_28, %x
  %m36_30 = fmul double %m36_29, %x
  %m36_31 = fmul double %m36_30, %x
  %m36_32 = fmul double %m36_31, %x
  %m36_33 = fmul double %m36_32, %x
  %m36_34 = fmul double %m36_33, %x
  %m36_35 = fmul double %m36_34, %x
  %m36_36 = fmul double %m36_35, %x
  store double %m36_36, ptr addrspace(1) %out
  br label %test37
test37:
  %bit37 = and i64 %bits, 137438953472
  %on37 = icmp ne i64 %bit37, 0
  br i1 %on37, label %then37, label %test38
then37:
  %m37_0 = fmul double %x, %x
  %m37_1 = fmul double %m37_0, %x
  %m37_2 = fmul double %m37_1, %x
  %m37_3 = fmul double %m37_2, %x
  %m37_4 = fmul double %m37_3, %x
  %m37_5 = fmul double %m37_4, %x
  %m37_6 = fmul double %m37_5, %x
  %m37_7 = fmul double %m37_6, %x
  %m37_8 = fmul double %m37_7, %x
  %m37_9 = fmul double %m37_8, %x
  %m37_10 = fmul double %m37_9, %x
  %m37_11 = fmul double %m37_10, %x
  %m37_12 = fmul double %m37_11, %x
  %m37_13 = fmul double %m37_12, %x
  %m37_14 = fmul double %m37_13, %x
  %m37_15 = fmul double %m37_14, %x
  %m37_16 = fmul double %m37_15, %x
  %m37_17 = fmul double %m37_16, %x
  %m37_18 = fmul double %m37_17, %x
  %m37_19 = fmul double %m37_18, %x
  %m37_20 = fmul double %m37_19, %x
  %m37_21 = fmul double %m37_20, %x
  %m37_22 = fmul double %m37_21, %x
  %m37_23 = fmul double %m37_22, %x
  %m37_24 = fmul double %m37_23, %x
  %m37_25 = fmul double %m37_24, %x
  %m37_26 = fmul double %m37_25, %x
  %m37_27 = fmul double %m37_26, %x
  %m37_28 = fmul double %m37_27, %x
  %m37_29 = fmul double %m37_28, %x
  %m37_30 = fmul double %m37_29, %x
  %m37_31 = fmul double %m37_30, %x
  %m37_32 = fmul double %m37_31, %x
  %m37_33 = fmul double %m37_32, %x
  %m37_34 = fmul double %m37_33, %x
  %m37_35 = fmul double %m37_34, %x
  %m37_36 = fmul double %m37_35, %x
  %m37_37 = fmul double %m37_36, %x
  store double %m37_37, ptr addrspace(1) %out
  br label %test38
test38:
  %bit38 = and i64 %bits, 274877906944
  %on38 = icmp ne i64 %bit38, 0
  br i1 %on38, label %then38, label %test39
then38:
  %m38_0 = fmul double %x, %x
  %m38_1 = fmul double %m38_0, %x
  %m38_2 = fmul double %m38_1, %x
  %m38_3 = fmul double %m38_2, %x
  %m38_4 = fmul double %m38_3, %x
  %m38_5 = fmul double %m38_4, %x
  %m38_6 = fmul double %m38_5, %x
  %m38_7 = fmul double %m38_6, %x
  %m38_8 = fmul double %m38_7, %x
  %m38_9 = fmul double %m38_8, %x
  %m38_10 = fmul double %m38_9, %x
  %m38_11 = fmul double %m38_10, %x
  %m38_12 = fmul double %m38_11, %x
  %m38_13 = fmul double %m38_12, %x
  %m38_14 = fmul double %m38_13, %x
  %m38_15 = fmul double %m38_14, %x
  %m38_16 = fmul double %m38_15, %x
  %m38_17 = fmul double %m38_16, %x
  %m38_18 = fmul double %m38_17, %x
  %m38_19 = fmul double %m38_18, %x
  %m38_20 = fmul double %m38_19, %x
  %m38_21 = fmul double %m38_20, %x
  %m38_22 = fmul double %m38_21, %x
  %m38_23 = fmul double %m38_22, %x
  %m38_24 = fmul double %m38_23, %x
  %m38_25 = fmul double %m38_24, %x
  %m38_26 = fmul double %m38_25, %x
  %m38_27 = fmul double %m38_26, %x
  %m38_28 = fmul double %m38_27, %x
  %m38_29 = fmul double %m38_28, %x
  %m38_30 = fmul double %m38_29, %x
  %m38_31 = fmul double %m38_30, %x
  %m38_32 = fmul double %m38_31, %x
  %m38_33 = fmul double %m38_32, %x
  %m38_34 = fmul double %m38_33, %x
  %m38_35 = fmul double %m38_34, %x
  %m38_36 = fmul double %m38_35, %x
  %m38_37 = fmul double %m38_36, %x
  %m38_38 = fmul double %m38_37, %x
  store double %m38_38, ptr addrspace(1) %out
  br label %test39
test39:
  %bit39 = and i64 %bits, 549755813888
  %on39 = icmp ne i64 %bit39, 0
  br i1 %on39, label %then39, label %test40
then39:
  %m39_0 = fmul double %x, %x
  %m39_1 = fmul double %m39_0, %x
  %m39_2 = fmul double %m39_1, %x
  %m39_3 = fmul double %m39_2, %x
  %m39_4 = fmul double %m39_3, %x
  %m39_5 = fmul double %m39_4, %x
  %m39_6 = fmul double %m39_5, %x
  %m39_7 = fmul double %m39_6, %x
  %m39_8 = fmul double %m39_7, %x
  %m39_9 = fmul double %m39_8, %x
  %m39_10 = fmul double %m39_9, %x
  %m39_11 = fmul double %m39_10, %x
  %m39_12 = fmul double %m39_11, %x
  %m39_13 = fmul double %m39_12, %x
  %m39_14 = fmul double %m39_13, %x
  %m39_15 = fmul double %m39_14, %x
  %m39_16 = fmul double %m39_15, %x
  %m39_17 = fmul double %m39_16, %x
  %m39_18 = fmul double %m39_17, %x
  %m39_19 = fmul double %m39_18, %x
  %m39_20 = fmul double %m39_19, %x
  %m39_21 = fmul double %m39_20, %x
  %m39_22 = fmul double %m39_21, %x
  %m39_23 = fmul double %m39_22, %x
  %m39_24 = fmul double %m39_23, %x
  %m39_25 = fmul double %m39_24, %x
  %m39_26 = fmul double %m39_25, %x
  %m39_27 = fmul double %m39_26, %x
  %m39_28 = fmul double %m39_27, %x
  %m39_29 = fmul double %m39_28, %x
  %m39_30 = fmul double %m39_29, %x
  %m39_31 = fmul double %m39_30, %x
  %m39_32 = fmul double %m39_31, %x
  %m39_33 = fmul double %m39_32, %x
  %m39_34 = fmul double %m39_33, %x
  %m39_35 = fmul double %m39_34, %x
  %m39_36 = fmul double %m39_35, %x
  %m39_37 = fmul double %m39_36, %x
  %m39_38 = fmul double %m39_37, %x
  %m39_39 = fmul double %m39_38, %x
  store double %m39_39, ptr addrspace(1) %out
  br label %test40
test40:
  %bit40 = and i64 %bits, 1099511627776
  %on40 = icmp ne i64 %bit40, 0
  br i1 %on40, label %then40, label %test41
then40:
  %m40_0 = fmul double %x, %x
  %m40_1 = fmul double %m40_0, %x
  %m40_2 = fmul double %m40_1, %x
  %m40_3 = fmul double %m40_2, %x
  %m40_4 = fmul double %m40_3, %x
  %m40_5 = fmul double %m40_4, %x
  %m40_6 = fmul double %m40_5, %x
  %m40_7 = fmul double %m40_6, %x
  %m40_8 = fmul double %m40_7, %x
  %m40_9 = fmul double %m40_8, %x
  %m40_10 = fmul double %m40_9, %x
  %m40_11 = fmul double %m40_10, %x
  %m40_12 = fmul double %m40_11, %x
  %m40_13 = fmul double %m40_12, %x
  %m40_14 = fmul double %m40_13, %x
  %m40_15 = fmul double %m40_14, %x
  %m40_16 = fmul double %m40_15, %x
  %m40_17 = fmul double %m40_16, %x
  %m40_18 = fmul double %m40_17, %x
  %m40_19 = fmul double %m40_18, %x
  %m40_20 = fmul double %m40_19, %x
  %m40_21 = fmul double %m40_20, %x
  %m40_22 = fmul double %m40_21, %x
  %m40_23 = fmul double %m40_22, %x
  %m40_24 = fmul double %m40_23, %x
  %m40_25 = fmul double %m40_24, %x
  %m40_26 = fmul double %m40_25, %x
  %m40_27 = fmul double %m40_26, %x
  %m40_28 = fmul double %m40_27, %x
  %m40_29 = fmul double %m40_28, %x
  %m40_30 = fmul double %m40_29, %x
  %m40_31 = fmul double %m40_30, %x
  %m40_32 = fmul double %m40_31, %x
  %m40_33 = fmul double %m40_32, %x
  %m40_34 = fmul double %m40_33, %x
  %m40_35 = fmul double %m40_34, %x
  %m40_36 = fmul double %m40_35, %x
  %m40_37 = fmul double %m40_36, %x
  %m40_38 = fmul double %m40_37, %x
  %m40_39 = fmul double %m40_38, %x
  %m40_40 = fmul double %m40_39, %x
  store double %m40_40, ptr addrspace(1) %out
  br label %test41
test41:
  %bit41 = and i64 %bits, 2199023255552
  %on41 = icmp ne i64 %bit41, 0
  br i1 %on41, label %then41, label %test42
then41:
  %m41_0 = fmul double %x, %x
  %m41_1 = fmul double %m41_0, %x
  %m41_2 = fmul double %m41_1, %x
  %m41_3 = fmul double %m41_2, %x
  %m41_4 = fmul double %m41_3, %x
  %m41_5 = fmul double %m41_4, %x
  %m41_6 = fmul double %m41_5, %x
  %m41_7 = fmul double %m41_6, %x
  %m41_8 = fmul double %m41_7, %x
  %m41_9 = fmul double %m41_8, %x
  %m41_10 = fmul double %m41_9, %x
  %m41_11 = fmul double %m41_10, %x
  %m41_12 = fmul double %m41_11, %x
  %m41_13 = fmul double %m41_12, %x
  %m41_14 = fmul double %m41_13, %x
  %m41_15 = fmul double %m41_14, %x
  %m41_16 = fmul double %m41_15, %x
  %m41_17 = fmul double %m41_16, %x
  %m41_18 = fmul double %m41_17, %x
  %m41_19 = fmul double %m41_18, %x
  %m41_20 = fmul double %m41_19, %x
  %m41_21 = fmul double %m41_20, %x
  %m41_22 = fmul double %m41_21, %x
  %m41_23 = fmul double %m41_22, %x
  %m41_24 = fmul double %m41_23, %x
  %m41_25 = fmul double %m41_24, %x
  %m41_26 = fmul double %m41_25, %x
  %m41_27 = fmul double %m41_26, %x
  %m41_28 = fmul double %m41_27, %x
  %m41_29 = fmul double %m41_28, %x
  %m41_30 = fmul double %m41_29, %x
  %m41_31 = fmul double %m41_30, %x
  %m41_32 = fmul double %m41_31, %x
  %m41_33 = fmul double %m41_32, %x
  %m41_34 = fmul double %m41_33, %x
  %m41_35 = fmul double %m41_34, %x
  %m41_36 = fmul double %m41_35, %x
  %m41_37 = fmul double %m41_36, %x
  %m41_38 = fmul double %m41_37, %x
  %m41_39 = fmul double %m41_38, %x
  %m41_40 = fmul double %m41_39, %x
  %m41_41 = fmul double %m41_40, %x
  store double %m41_41, ptr addrspace(1) %out
  br label %test42
test42:
  %bit42 = and i64 %bits, 4398046511104
  %on42 = icmp ne i64 %bit42, 0
  br i1 %on42, label %then42, label %test43
then42:
  %m42_0 = fmul double %x, %x
  %m42_1 = fmul double %m42_0, %x
  %m42_2 = fmul double %m42_1, %x
  %m42_3 = fmul double %m42_2, %x
  %m42_4 = fmul double %m42_3, %x
  %m42_5 = fmul double %m42_4, %x
  %m42_6 = fmul double %m42_5, %x
  %m42_7 = fmul double %m42_6, %x
  %m42_8 = fmul double %m42_7, %x
  %m42_9 = fmul double %m42_8, %x
  %m42_10 = fmul double %m42_9, %x
  %m42_11 = fmul double %m42_10, %x
  %m42_12 = fmul double %m42_11, %x
  %m42_13 = fmul double %m42_12, %x
  %m42_14 = fmul double %m42_13, %x
  %m42_15 = fmul double %m42_14, %x
  %m42_16 = fmul double %m42_15, %x
  %m42_17 = fmul double %m42_16, %x
  %m42_18 = fmul double %m42_17, %x
  %m42_19 = fmul double %m42_18, %x
  %m42_20 = fmul double %m42_19, %x
  %m42_21 = fmul double %m42_20, %x
  %m42_22 = fmul double %m42_21, %x
  %m42_23 = fmul double %m42_22, %x
  %m42_24 = fmul double %m42_23, %x
  %m42_25 = fmul double %m42_24, %x
  %m42_26 = fmul double %m42_25, %x
  %m42_27 = fmul double %m42_26, %x
  %m42_28 = fmul double %m42_27, %x
  %m42_29 = fmul double %m42_28, %x
  %m42_30 = fmul double %m42_29, %x
  %m42_31 = fmul double %m42_30, %x
  %m42_32 = fmul double %m42_31, %x
  %m42_33 = fmul double %m42_32, %x
  %m42_34 = fmul double %m42_33, %x
  %m42_35 = fmul double %m42_34, %x
  %m42_36 = fmul double %m42_35, %x
  %m42_37 = fmul double %m42_36, %x
  %m42_38 = fmul double %m42_37, %x
  %m42_39 = fmul double %m42_38, %x
  %m42_40 = fmul double %m42_39, %x
  %m42_41 = fmul double %m42_40, %x
  %m42_42 = fmul double %m42_41, %x
  store double %m42_42, ptr addrspace(1) %out
  br label %test43
test43:
  %bit43 = and i64 %bits, 8796093022208
  %on43 = icmp ne i64 %bit43, 0
  br i1 %on43, label %then43, label %test44
then43:
  %m43_0 = fmul double %x, %x
  %m43_1 = fmul double %m43_0, %x
  %m43_2 = fmul double %m43_1, %x
  %m43_3 = fmul double %m43_2, %x
  %m43_4 = fmul double %m43_3, %x
  %m43_5 = fmul double %m43_4, %x
  %m43_6 = fmul double %m43_5, %x
  %m43_7 = fmul double %m43_6, %x
  %m43_8 = fmul double %m43_7, %x
  %m43_9 = fmul double %m43_8, %x
  %m43_10 = fmul double %m43_9, %x
  %m43_11 = fmul double %m43_10, %x
  %m43_12 = fmul double %m43_11, %x
  %m43_13 = fmul double %m43_12, %x
  %m43_14 = fmul double %m43_13, %x
  %m43_15 = fmul double %m43_14, %x
  %m43_16 = fmul double %m43_15, %x
  %m43_17 = fmul double %m43_16, %x
  %m43_18 = fmul double %m43_17, %x
  %m43_19 = fmul double %m43_18, %x
  %m43_20 = fmul double %m43_19, %x
  %m43_21 = fmul double %m43_20, %x
  %m43_22 = fmul double %m43_21, %x
  %m43_23 = fmul double %m43_22, %x
  %m43_24 = fmul double %m43_23, %x
  %m43_25 = fmul double %m43_24, %x
  %m43_26 = fmul double %m43_25, %x
  %m43_27 = fmul double %m43_26, %x
  %m43_28 = fmul double %m43_27, %x
  %m43_29 = fmul double %m43_28, %x
  %m43_30 = fmul double %m43_29, %x
  %m43_31 = fmul double %m43_30, %x
  %m43_32 = fmul double %m43_31, %x
  %m43_33 = fmul double %m43_32, %x
  %m43_34 = fmul double %m43_33, %x
  %m43_35 = fmul double %m43_34, %x
  %m43_36 = fmul double %m43_35, %x
  %m43_37 = fmul double %m43_36, %x
  %m43_38 = fmul double %m43_37, %x
  %m43_39 = fmul double %m43_38, %x
  %m43_40 = fmul double %m43_39, %x
  %m43_41 = fmul double %m43_40, %x
  %m43_42 = fmul double %m43_41, %x
  %m43_43 = fmul double %m43_42, %x
  store double %m43_43, ptr addrspace(1) %out
  br label %test44
test44:
  %bit44 = and i64 %bits, 17592186044416
  %on44 = icmp ne i64 %bit44, 0
  br i1 %on44, label %then44, label %test45
then44:
  %m44_0 = fmul double %x, %x
  %m44_1 = fmul double %m44_0, %x
  %m44_2 = fmul double %m44_1, %x
  %m44_3 = fmul double %m44_2, %x
  %m44_4 = fmul double %m44_3, %x
  %m44_5 = fmul double %m44_4, %x
  %m44_6 = fmul double %m44_5, %x
  %m44_7 = fmul double %m44_6, %x
  %m44_8 = fmul double %m44_7, %x
  %m44_9 = fmul double %m44_8, %x
  %m44_10 = fmul double %m44_9, %x
  %m44_11 = fmul double %m44_10, %x
  %m44_12 = fmul double %m44_11, %x
  %m44_13 = fmul double %m44_12, %x
  %m44_14 = fmul double %m44_13, %x
  %m44_15 = fmul double %m44_14, %x
  %m44_16 = fmul double %m44_15, %x
  %m44_17 = fmul double %m44_16, %x
  %m44_18 = fmul double %m44_17, %x
  %m44_19 = fmul double %m44_18, %x
  %m44_20 = fmul double %m44_19, %x
  %m44_21 = fmul double %m44_20, %x
  %m44_22 = fmul double %m44_21, %x
  %m44_23 = fmul double %m44_22, %x
  %m44_24 = fmul double %m44_23, %x
  %m44_25 = fmul double %m44_24, %x
  %m44_26 = fmul double %m44_25, %x
  %m44_27 = fmul double %m44_26, %x
  %m44_28 = fmul double %m44_27, %x
  %m44_29 = fmul double %m44_28, %x
  %m44_30 = fmul double %m44_29, %x
  %m44_31 = fmul double %m44_30, %x
  %m44_32 = fmul double %m44_31, %x
  %m44_33 = fmul double %m44_32, %x
  %m44_34 = fmul double %m44_33, %x
  %m44_35 = fmul double %m44_34, %x
  %m44_36 = fmul double %m44_35, %x
  %m44_37 = fmul double %m44_36, %x
  %m44_38 = fmul double %m44_37, %x
  %m44_39 = fmul double %m44_38, %x
  %m44_40 = fmul double %m44_39, %x
  %m44_41 = fmul double %m44_40, %x
  %m44_42 = fmul double %m44_41, %x
  %m44_43 = fmul double %m44_42, %x
  %m44_44 = fmul double %m44_43, %x
  store double %m44_44, ptr addrspace(1) %out
  br label %test45
test45:
  %bit45 = and i64 %bits, 35184372088832
  %on45 = icmp ne i64 %bit45, 0
  br i1 %on45, label %then45, label %test46
then45:
  %m45_0 = fmul double %x, %x
  %m45_1 = fmul double %m45_0, %x
  %m45_2 = fmul double %m45_1, %x
  %m45_3 = fmul double %m45_2, %x
  %m45_4 = fmul double %m45_3, %x
  %m45_5 = fmul double %m45_4, %x
  %m45_6 = fmul double %m45_5, %x
  %m45_7 = fmul double %m45_6, %x
  %m45_8 = fmul double %m45_7, %x
  %m45_9 = fmul double %m45_8, %x
  %m45_10 = fmul double %m45_9, %x
  %m45_11 = fmul double %m45_10, %x
  %m45_12 = fmul double %m45_11, %x
  %m45_13 = fmul double %m45_12, %x
  %m45_14 = fmul double %m45_13, %x
  %m45_15 = fmul double %m45_14, %x
  %m45_16 = fmul double %m45_15, %x
  %m45_17 = fmul double %m45_16, %x
  %m45_18 = fmul double %m45_17, %x
  %m45_19 = fmul double %m45_18, %x
  %m45_20 = fmul double %m45_19, %x
  %m45_21 = fmul double %m45_20, %x
  %m45_22 = fmul double %m45_21, %x
  %m45_23 = fmul double %m45_22, %x
  %m45_24 = fmul double %m45_23, %x
  %m45_25 = fmul double %m45_24, %x
  %m45_26 = fmul double %m45_25, %x
  %m45_27 = fmul double %m45_26, %x
  %m45_28 = fmul double %m45_27, %x
  %m45_29 = fmul double %m45_28, %x
  %m45_30 = fmul double %m45_29, %x
  %m45_31 = fmul double %m45_30, %x
  %m45_32 = fmul double %m45_31, %x
  %m45_33 = fmul double %m45_32, %x
  %m45_34 = fmul double %m45_33, %x
  %m45_35 = fmul double %m45_34, %x
  %m45_36 = fmul double %m45_35, %x
  %m45_37 = fmul double %m45_36, %x
  %m45_38 = fmul double %m45_37, %x
  %m45_39 = fmul double %m45_38, %x
  %m45_40 = fmul double %m45_39, %x
  %m45_41 = fmul double %m45_40, %x
  %m45_42 = fmul double %m45_41, %x
  %m45_43 = fmul double %m45_42, %x
  %m45_44 = fmul double %m45_43, %x
  %m45_45 = fmul double %m45_44, %x
  store double %m45_45, ptr addrspace(1) %out
  br label %test46
test46:
  %bit46 = and i64 %bits, 70368744177664
  %on46 = icmp ne i64 %bit46, 0
  br i1 %on46, label %then46, label %test47
then46:
  %m46_0 = fmul double %x, %x
  %m46_1 = fmul double %m46_0, %x
  %m46_2 = fmul double %m46_1, %x
  %m46_3 = fmul double %m46_2, %x
  %m46_4 = fmul double %m46_3, %x
  %m46_5 = fmul double %m46_4, %x
  %m46_6 = fmul double %m46_5, %x
  %m46_7 = fmul double %m46_6, %x
  %m46_8 = fmul double %m46_7, %x
  %m46_9 = fmul double %m46_8, %x
  %m46_10 = fmul double %m46_9, %x
  %m46_11 = fmul double %m46_10, %x
  %m46_12 = fmul double %m46_11, %x
  %m46_13 = fmul double %m46_12, %x
  %m46_14 = fmul double %m46_13, %x
  %m46_15 = fmul double %m46_14, %x
  %m46_16 = fmul double %m46_15, %x
  %m46_17 = fmul double %m46_16, %x
  %m46_18 = fmul double %m46_17, %x
  %m46_19 = fmul double %m46_18, %x
  %m46_20 = fmul double %m46_19, %x
  %m46_21 = fmul double %m46_20, %x
  %m46_22 = fmul double %m46_21, %x
  %m46_23 = fmul double %m46_22, %x
  %m46_24 = fmul double %m46_23, %x
  %m46_25 = fmul double %m46_24, %x
  %m46_26 = fmul double %m46_25, %x
  %m46_27 = fmul double %m46_26, %x
  %m46_28 = fmul double %m46_27, %x
  %m46_29 = fmul double %m46_28, %x
  %m46_30 = fmul double %m46_29, %x
  %m46_31 = fmul double %m46_30, %x
  %m46_32 = fmul double %m46_31, %x
  %m46_33 = fmul double %m46_32, %x
  %m46_34 = fmul double %m46_33, %x
  %m46_35 = fmul double %m46_34, %x
  %m46_36 = fmul double %m46_35, %x
  %m46_37 = fmul double %m46_36, %x
  %m46_38 = fmul double %m46_37, %x
  %m46_39 = fmul double %m46_38, %x
  %m46_40 = fmul double %m46_39, %x
  %m46_41 = fmul double %m46_40, %x
  %m46_42 = fmul double %m46_41, %x
  %m46_43 = fmul double %m46_42, %x
  %m46_44 = fmul double %m46_43, %x
  %m46_45 = fmul double %m46_44, %x
  %m46_46 = fmul double %m46_45, %x
  store double %m46_46, ptr addrspace(1) %out
  br label %test47
test47:
  %bit47 = and i64 %bits, 140737488355328
  %on47 = icmp ne i64 %bit47, 0
  br i1 %on47, label %then47, label %test48
then47:
  %m47_0 = fmul double %x, %x
  %m47_1 = fmul double %m47_0, %x
  %m47_2 = fmul double %m47_1, %x
  %m47_3 = fmul double %m47_2, %x
  %m47_4 = fmul double %m47_3, %x
  %m47_5 = fmul double %m47_4, %x
  %m47_6 = fmul double %m47_5, %x
  %m47_7 = fmul double %m47_6, %x
  %m47_8 = fmul double %m47_7, %x
  %m47_9 = fmul double %m47_8, %x
  %m47_10 = fmul double %m47_9, %x
  %m47_11 = fmul double %m47_10, %x
  %m47_12 = fmul double %m47_11, %x
  %m47_13 = fmul double %m47_12, %x
  %m47_14 = fmul double %m47_13, %x
  %m47_15 = fmul double %m47_14, %x
  %m47_16 = fmul double %m47_15, %x
  %m47_17 = fmul double %m47_16, %x
  %m47_18 = fmul double %m47_17, %x
  %m47_19 = fmul double %m47_18, %x
  %m47_20 = fmul double %m47_19, %x
  %m47_21 = fmul double %m47_20, %x
  %m47_22 = fmul double %m47_21, %x
  %m47_23 = fmul double %m47_22, %x
  %m47_24 = fmul double %m47_23, %x
  %m47_25 = fmul double %m47_24, %x
  %m47_26 = fmul double %m47_25, %x
  %m47_27 = fmul double %m47_26, %x
  %m47_28 = fmul double %m47_27, %x
  %m47_29 = fmul double %m47_28, %x
  %m47_30 = fmul double %m47_29, %x
  %m47_31 = fmul double %m47_30, %x
  %m47_32 = fmul double %m47_31, %x
  %m47_33 = fmul double %m47_32, %x
  %m47_34 = fmul double %m47_33, %x
  %m47_35 = fmul double %m47_34, %x
  %m47_36 = fmul double %m47_35, %x
  %m47_37 = fmul double %m47_36, %x
  %m47_38 = fmul double %m47_37, %x
  %m47_39 = fmul double %m47_38, %x
  %m47_40 = fmul double %m47_39, %x
  %m47_41 = fmul double %m47_40, %x
  %m47_42 = fmul double %m47_41, %x
  %m47_43 = fmul double %m47_42, %x
  %m47_44 = fmul double %m47_43, %x
  %m47_45 = fmul double %m47_44, %x
  %m47_46 = fmul double %m47_45, %x
  %m47_47 = fmul double %m47_46, %x
  store double %m47_47, ptr addrspace(1) %out
  br label %test48
test48:
  %bit48 = and i64 %bits, 281474976710656
  %on48 = icmp ne i64 %bit48, 0
  br i1 %on48, label %then48, label %test49
then48:
  %m48_0 = fmul double %x, %x
  %m48_1 = fmul double %m48_0, %x
  %m48_2 = fmul double %m48_1, %x
  %m48_3 = fmul double %m48_2, %x
  %m48_4 = fmul double %m48_3, %x
  %m48_5 = fmul double %m48_4, %x
  %m48_6 = fmul double %m48_5, %x
  %m48_7 = fmul double %m48_6, %x
  %m48_8 = fmul double %m48_7, %x
  %m48_9 = fmul double %m48_8, %x
  %m48_10 = fmul double %m48_9, %x
  %m48_11 = fmul double %m48_10, %x
  %m48_12 = fmul double %m48_11, %x
  %m48_13 = fmul double %m48_12, %x
  %m48_14 = fmul double %m48_13, %x
  %m48_15 = fmul double %m48_14, %x
  %m48_16 = fmul double %m48_15, %x
  %m48_17 = fmul double %m48_16, %x
  %m48_18 = fmul double %m48_17, %x
  %m48_19 = fmul double %m48_18, %x
  %m48_20 = fmul double %m48_19, %x
  %m48_21 = fmul double %m48_20, %x
  %m48_22 = fmul double %m48_21, %x
  %m48_23 = fmul double %m48_22, %x
  %m48_24 = fmul double %m48_23, %x
  %m48_25 = fmul double %m48_24, %x
  %m48_26 = fmul double %m48_25, %x
  %m48_27 = fmul double %m48_26, %x
  %m48_28 = fmul double %m48_27, %x
  %m48_29 = fmul double %m48_28, %x
  %m48_30 = fmul double %m48_29, %x
  %m48_31 = fmul double %m48_30, %x
  %m48_32 = fmul double %m48_31, %x
  %m48_33 = fmul double %m48_32, %x
  %m48_34 = fmul double %m48_33, %x
  %m48_35 = fmul double %m48_34, %x
  %m48_36 = fmul double %m48_35, %x
  %m48_37 = fmul double %m48_36, %x
  %m48_38 = fmul double %m48_37, %x
  %m48_39 = fmul double %m48_38, %x
  %m48_40 = fmul double %m48_39, %x
  %m48_41 = fmul double %m48_40, %x
  %m48_42 = fmul double %m48_41, %x
  %m48_43 = fmul double %m48_42, %x
  %m48_44 = fmul double %m48_43, %x
  %m48_45 = fmul double %m48_44, %x
  %m48_46 = fmul double %m48_45, %x
  %m48_47 = fmul double %m48_46, %x
  %m48_48 = fmul double %m48_47, %x
  store double %m48_48, ptr addrspace(1) %out
  br label %test49
test49:
  %bit49 = and i64 %bits, 562949953421312
  %on49 = icmp ne i64 %bit49, 0
  br i1 %on49, label %then49, label %test50
then49:
  %m49_0 = fmul double %x, %x
  %m49_1 = fmul double %m49_0, %x
  %m49_2 = fmul double %m49_1, %x
  %m49_3 = fmul double %m49_2, %x
  %m49_4 = fmul double %m49_3, %x
  %m49_5 = fmul double %m49_4, %x
  %m49_6 = fmul double %m49_5, %x
  %m49_7 = fmul double %m49_6, %x
  %m49_8 = fmul double %m49_7, %x
  %m49_9 = fmul double %m49_8, %x
  %m49_10 = fmul double %m49_9, %x
  %m49_11 = fmul double %m49_10, %x
  %m49_12 = fmul double %m49_11, %x
  %m49_13 = fmul double %m49_12, %x
  %m49_14 = fmul double %m49_13, %x
  %m49_15 = fmul double %m49_14, %x
  %m49_16 = fmul double %m49_15, %x
  %m49_17 = fmul double %m49_16, %x
  %m49_18 = fmul double %m49_17, %x
  %m49_19 = fmul double %m49_18, %x
  %m49_20 = fmul double %m49_19, %x
  %m49_21 = fmul double %m49_20, %x
  %m49_22 = fmul double %m49_21, %x
  %m49_23 = fmul double %m49_22, %x
  %m49_24 = fmul double %m49_23, %x
  %m49_25 = fmul double %m49_24, %x
  %m49_26 = fmul double %m49_25, %x
  %m49_27 = fmul double %m49_26, %x
  %m49_28 = fmul double %m49_27, %x
  %m49_29 = fmul double %m49_28, %x
  %m49_30 = fmul double %m49_29, %x
  %m49_31 = fmul double %m49_30, %x
  %m49_32 = fmul double %m49_31, %x
  %m49_33 = fmul double %m49_32, %x
  %m49_34 = fmul double %m49_33, %x
  %m49_35 = fmul double %m49_34, %x
  %m49_36 = fmul double %m49_35, %x
  %m49_37 = fmul double %m49_36, %x
  %m49_38 = fmul double %m49_37, %x
  %m49_39 = fmul double %m49_38, %x
  %m49_40 = fmul double %m49_39, %x
  %m49_41 = fmul double %m49_40, %x
  %m49_42 = fmul double %m49_41, %x
  %m49_43 = fmul double %m49_42, %x
  %m49_44 = fmul double %m49_43, %x
  %m49_45 = fmul double %m49_44, %x
  %m49_46 = fmul double %m49_45, %x
  %m49_47 = fmul double %m49_46, %x
  %m49_48 = fmul double %m49_47, %x
  %m49_49 = fmul double %m49_48, %x
  store double %m49_49, ptr addrspace(1) %out
  br label %test50
test50:
  %bit50 = and i64 %bits, 1125899906842624
  %on50 = icmp ne i64 %bit50, 0
  br i1 %on50, label %then50, label %test51
then50:
  %m50_0 = fmul double %x, %x
  %m50_1 = fmul double %m50_0, %x
  %m50_2 = fmul double %m50_1, %x
  %m50_3 = fmul double %m50_2, %x
  %m50_4 = fmul double %m50_3, %x
  %m50_5 = fmul double %m50_4, %x
  %m50_6 = fmul double %m50_5, %x
  %m50_7 = fmul double %m50_6, %x
  %m50_8 = fmul double %m50_7, %x
  %m50_9 = fmul double %m50_8, %x
  %m50_10 = fmul double %m50_9, %x
  %m50_11 = fmul double %m50_10, %x
  %m50_12 = fmul double %m50_11, %x
  %m50_13 = fmul double %m50_12, %x
  %m50_14 = fmul double %m50_13, %x
  %m50_15 = fmul double %m50_14, %x
  %m50_16 = fmul double %m50_15, %x
  %m50_17 = fmul double %m50_16, %x
  %m50_18 = fmul double %m50_17, %x
  %m50_19 = fmul double %m50_18, %x
  %m50_20 = fmul double %m50_19, %x
  %m50_21 = fmul double %m50_20, %x
  %m50_22 = fmul double %m50_21, %x
  %m50_23 = fmul double %m50_22, %x
  %m50_24 = fmul double %m50_23, %x
  %m50_25 = fmul double %m50_24, %x
  %m50_26 = fmul double %m50_25, %x
  %m50_27 = fmul double %m50_26, %x
  %m50_28 = fmul double %m50_27, %x
  %m50_29 = fmul double %m50_28, %x
  %m50_30 = fmul double %m50_29, %x
  %m50_31 = fmul double %m50_30, %x
  %m50_32 = fmul double %m50_31, %x
  %m50_33 = fmul double %m50_32, %x
  %m50_34 = fmul double %m50_33, %x
  %m50_35 = fmul double %m50_34, %x
  %m50_36 = fmul double %m50_35, %x
  %m50_37 = fmul double %m50_36, %x
  %m50_38 = fmul double %m50_37, %x
  %m50_39 = fmul double %m50_38, %x
  %m50_40 = fmul double %m50_39, %x
  %m50_41 = fmul double %m50_40, %x
  %m50_42 = fmul double %m50_41, %x
  %m50_43 = fmul double %m50_42, %x
  %m50_44 = fmul double %m50_43, %x
  %m50_45 = fmul double %m50_44, %x
  %m50_46 = fmul double %m50_45, %x
  %m50_47 = fmul double %m50_46, %x
  %m50_48 = fmul double %m50_47, %x
  %m50_49 = fmul double %m50_48, %x
  %m50_50 = fmul double %m50_49, %x
  store double %m50_50, ptr addrspace(1) %out
  br label %test51
test51:
  %bit51 = and i64 %bits, 2251799813685248
  %on51 = icmp ne i64 %bit51, 0
  br i1 %on51, label %then51, label %test52
then51:
  %m51_0 = fmul double %x, %x
  %m51_1 = fmul double %m51_0, %x
  %m51_2 = fmul double %m51_1, %x
  %m51_3 = fmul double %m51_2, %x
  %m51_4 = fmul double %m51_3, %x
  %m51_5 = fmul double %m51_4, %x
  %m51_6 = fmul double %m51_5, %x
  %m51_7 = fmul double %m51_6, %x
  %m51_8 = fmul double %m51_7, %x
  %m51_9 = fmul double %m51_8, %x
  %m51_10 = fmul double %m51_9, %x
  %m51_11 = fmul double %m51_10, %x
  %m51_12 = fmul double %m51_11, %x
  %m51_13 = fmul double %m51_12, %x
  %m51_14 = fmul double %m51_13, %x
  %m51_15 = fmul double %m51_14, %x
  %m51_16 = fmul double %m51_15, %x
  %m51_17 = fmul double %m51_16, %x
  %m51_18 = fmul double %m51_17, %x
  %m51_19 = fmul double %m51_18, %x
  %m51_20 = fmul double %m51_19, %x
  %m51_21 = fmul double %m51_20, %x
  %m51_22 = fmul double %m51_21, %x
  %m51_23 = fmul double %m51_22, %x
  %m51_24 = fmul double %m51_23, %x
  %m51_25 = fmul double %m51_24, %x
  %m51_26 = fmul double %m51_25, %x
  %m51_27 = fmul double %m51_26, %x
  %m51_28 = fmul double %m51_27, %x
  %m51_29 = fmul double %m51_28, %x
  %m51_30 = fmul double %m51_29, %x
  %m51_31 = fmul double %m51_30, %x
  %m51_32 = fmul double %m51_31, %x
  %m51_33 = fmul double %m51_32, %x
  %m51_34 = fmul double %m51_33, %x
  %m51_35 = fmul double %m51_34, %x
  %m51_36 = fmul double %m51_35, %x
  %m51_37 = fmul double %m51_36, %x
  %m51_38 = fmul double %m51_37, %x
  %m51_39 = fmul double %m51_38, %x
  %m51_40 = fmul double %m51_39, %x
  %m51_41 = fmul double %m51_40, %x
  %m51_42 = fmul double %m51_41, %x
  %m51_43 = fmul double %m51_42, %x
  %m51_44 = fmul double %m51_43, %x
  %m51_45 = fmul double %m51_44, %x
  %m51_46 = fmul double %m51_45, %x
  %m51_47 = fmul double %m51_46, %x
  %m51_48 = fmul double %m51_47, %x
  %m51_49 = fmul double %m51_48, %x
  %m51_50 = fmul double %m51_49, %x
  %m51_51 = fmul double %m51_50, %x
  store double %m51_51, ptr addrspace(1) %out
  br label %test52
test52:
  %bit52 = and i64 %bits, 4503599627370496
  %on52 = icmp ne i64 %bit52, 0
  br i1 %on52, label %then52, label %test53
then52:
  %m52_0 = fmul double %x, %x
  %m52_1 = fmul double %m52_0, %x
  %m52_2 = fmul double %m52_1, %x
  %m52_3 = fmul double %m52_2, %x
  %m52_4 = fmul double %m52_3, %x
  %m52_5 = fmul double %m52_4, %x
  %m52_6 = fmul double %m52_5, %x
  %m52_7 = fmul double %m52_6, %x
  %m52_8 = fmul double %m52_7, %x
  %m52_9 = fmul double %m52_8, %x
  %m52_10 = fmul double %m52_9, %x
  %m52_11 = fmul double %m52_10, %x
  %m52_12 = fmul double %m52_11, %x
  %m52_13 = fmul double %m52_12, %x
  %m52_14 = fmul double %m52_13, %x
  %m52_15 = fmul double %m52_14, %x
  %m52_16 = fmul double %m52_15, %x
  %m52_17 = fmul double %m52_16, %x
  %m52_18 = fmul double %m52_17, %x
  %m52_19 = fmul double %m52_18, %x
  %m52_20 = fmul double %m52_19, %x
  %m52_21 = fmul double %m52_20, %x
  %m52_22 = fmul double %m52_21, %x
  %m52_23 = fmul double %m52_22, %x
  %m52_24 = fmul double %m52_23, %x
  %m52_25 = fmul double %m52_24, %x
  %m52_26 = fmul double %m52_25, %x
  %m52_27 = fmul double %m52_26, %x
  %m52_28 = fmul double %m52_27, %x
  %m52_29 = fmul double %m52_28, %x
  %m52_30 = fmul double %m52_29, %x
  %m52_31 = fmul double %m52_30, %x
  %m52_32 = fmul double %m52_31, %x
  %m52_33 = fmul double %m52_32, %x
  %m52_34 = fmul double %m52_33, %x
  %m52_35 = fmul double %m52_34, %x
  %m52_36 = fmul double %m52_35, %x
  %m52_37 = fmul double %m52_36, %x
  %m52_38 = fmul double %m52_37, %x
  %m52_39 = fmul double %m52_38, %x
  %m52_40 = fmul double %m52_39, %x
  %m52_41 = fmul double %m52_40, %x
  %m52_42 = fmul double %m52_41, %x
  %m52_43 = fmul double %m52_42, %x
  %m52_44 = fmul double %m52_43, %x
  %m52_45 = fmul double %m52_44, %x
  %m52_46 = fmul double %m52_45, %x
  %m52_47 = fmul double %m52_46, %x
  %m52_48 = fmul double %m52_47, %x
  %m52_49 = fmul double %m52_48, %x
  %m52_50 = fmul double %m52_49, %x
  %m52_51 = fmul double %m52_50, %x
  %m52_52 = fmul double %m52_51, %x
  store double %m52_52, ptr addrspace(1) %out
  br label %test53
test53:
  %bit53 = and i64 %bits, 9007199254740992
  %on53 = icmp ne i64 %bit53, 0
  br i1 %on53, label %then53, label %test54
then53:
  %m53_0 = fmul double %x, %x
  %m53_1 = fmul double %m53_0, %x
  %m53_2 = fmul double %m53_1, %x
  %m53_3 = fmul double %m53_2, %x
  %m53_4 = fmul double %m53_3, %x
  %m53_5 = fmul double %m53_4, %x
  %m53_6 = fmul double %m53_5, %x
  %m53_7 = fmul double %m53_6, %x
  %m53_8 = fmul double %m53_7, %x
  %m53_9 = fmul double %m53_8, %x
  %m53_10 = fmul double %m53_9, %x
  %m53_11 = fmul double %m53_10, %x
  %m53_12 = fmul double %m53_11, %x
  %m53_13 = fmul double %m53_12, %x
  %m53_14 = fmul double %m53_13, %x
  %m53_15 = fmul double %m53_14, %x
  %m53_16 = fmul double %m53_15, %x
  %m53_17 = fmul double %m53_16, %x
  %m53_18 = fmul double %m53_17, %x
  %m53_19 = fmul double %m53_18, %x
  %m53_20 = fmul double %m53_19, %x
  %m53_21 = fmul double %m53_20, %x
  %m53_22 = fmul double %m53_21, %x
  %m53_23 = fmul double %m53_22, %x
  %m53_24 = fmul double %m53_23, %x
  %m53_25 = fmul double %m53_24, %x
  %m53_26 = fmul double %m53_25, %x
  %m53_27 = fmul double %m53_26, %x
  %m53_28 = fmul double %m53_27, %x
  %m53_29 = fmul double %m53_28, %x
  %m53_30 = fmul double %m53_29, %x
  %m53_31 = fmul double %m53_30, %x
  %m53_32 = fmul double %m53_31, %x
  %m53_33 = fmul double %m53_32, %x
  %m53_34 = fmul double %m53_33, %x
  %m53_35 = fmul double %m53_34, %x
  %m53_36 = fmul double %m53_35, %x
  %m53_37 = fmul double %m53_36, %x
  %m53_38 = fmul double %m53_37, %x
  %m53_39 = fmul double %m53_38, %x
  %m53_40 = fmul double %m53_39, %x
  %m53_41 = fmul double %m53_40, %x
  %m53_42 = fmul double %m53_41, %x
  %m53_43 = fmul double %m53_42, %x
  %m53_44 = fmul double %m53_43, %x
  %m53_45 = fmul double %m53_44, %x
  %m53_46 = fmul double %m53_45, %x
  %m53_47 = fmul double %m53_46, %x
  %m53_48 = fmul double %m53_47, %x
  %m53_49 = fmul double %m53_48, %x
  %m53_50 = fmul double %m53_49, %x
  %m53_51 = fmul double %m53_50, %x
  %m53_52 = fmul double %m53_51, %x
  %m53_53 = fmul double %m53_52, %x
  store double %m53_53, ptr addrspace(1) %out
  br label %test54
test54:
  %bit54 = and i64 %bits, 18014398509481984
  %on54 = icmp ne i64 %bit54, 0
  br i1 %on54, label %then54, label %test55
then54:
  %m54_0 = fmul double %x, %x
  %m54_1 = fmul double %m54_0, %x
  %m54_2 = fmul double %m54_1, %x
  %m54_3 = fmul double %m54_2, %x
  %m54_4 = fmul double %m54_3, %x
  %m54_5 = fmul double %m54_4, %x
  %m54_6 = fmul double %m54_5, %x
  %m54_7 = fmul double %m54_6, %x
  %m54_8 = fmul double %m54_7, %x
  %m54_9 = fmul double %m54_8, %x
  %m54_10 = fmul double %m54_9, %x
  %m54_11 = fmul double %m54_10, %x
  %m54_12 = fmul double %m54_11, %x
  %m54_13 = fmul double %m54_12, %x
  %m54_14 = fmul double %m54_13, %x
  %m54_15 = fmul double %m54_14, %x
  %m54_16 = fmul double %m54_15, %x
  %m54_17 = fmul double %m54_16, %x
  %m54_18 = fmul double %m54_17, %x
  %m54_19 = fmul double %m54_18, %x
  %m54_20 = fmul double %m54_19, %x
  %m54_21 = fmul double %m54_20, %x
  %m54_22 = fmul double %m54_21, %x
  %m54_23 = fmul double %m54_22, %x
  %m54_24 = fmul double %m54_23, %x
  %m54_25 = fmul double %m54_24, %x
  %m54_26 = fmul double %m54_25, %x
  %m54_27 = fmul double %m54_26, %x
  %m54_28 = fmul double %m54_27, %x
  %m54_29 = fmul double %m54_28, %x
  %m54_30 = fmul double %m54_29, %x
  %m54_31 = fmul double %m54_30, %x
  %m54_32 = fmul double %m54_31, %x
  %m54_33 = fmul double %m54_32, %x
  %m54_34 = fmul double %m54_33, %x
  %m54_35 = fmul double %m54_34, %x
  %m54_36 = fmul double %m54_35, %x
  %m54_37 = fmul double %m54_36, %x
  %m54_38 = fmul double %m54_37, %x
  %m54_39 = fmul double %m54_38, %x
  %m54_40 = fmul double %m54_39, %x
  %m54_41 = fmul double %m54_40, %x
  %m54_42 = fmul double %m54_41, %x
  %m54_43 = fmul double %m54_42, %x
  %m54_44 = fmul double %m54_43, %x
  %m54_45 = fmul double %m54_44, %x
  %m54_46 = fmul double %m54_45, %x
  %m54_47 = fmul double %m54_46, %x
  %m54_48 = fmul double %m54_47, %x
  %m54_49 = fmul double %m54_48, %x
  %m54_50 = fmul double %m54_49, %x
  %m54_51 = fmul double %m54_50, %x
  %m54_52 = fmul double %m54_51, %x
  %m54_53 = fmul double %m54_52, %x
  %m54_54 = fmul double %m54_53, %x
  store double %m54_54, ptr addrspace(1) %out
  br label %test55
test55:
  %bit55 = and i64 %bits, 36028797018963968
  %on55 = icmp ne i64 %bit55, 0
  br i1 %on55, label %then55, label %test56
then55:
  %m55_0 = fmul double %x, %x
  %m55_1 = fmul double %m55_0, %x
  %m55_2 = fmul double %m55_1, %x
  %m55_3 = fmul double %m55_2, %x
  %m55_4 = fmul double %m55_3, %x
  %m55_5 = fmul double %m55_4, %x
  %m55_6 = fmul double %m55_5, %x
  %m55_7 = fmul double %m55_6, %x
  %m55_8 = fmul double %m55_7, %x
  %m55_9 = fmul double %m55_8, %x
  %m55_10 = fmul double %m55_9, %x
  %m55_11 = fmul double %m55_10, %x
  %m55_12 = fmul double %m55_11, %x
  %m55_13 = fmul double %m55_12, %x
  %m55_14 = fmul double %m55_13, %x
  %m55_15 = fmul double %m55_14, %x
  %m55_16 = fmul double %m55_15, %x
  %m55_17 = fmul double %m55_16, %x
  %m55_18 = fmul double %m55_17, %x
  %m55_19 = fmul double %m55_18, %x
  %m55_20 = fmul double %m55_19, %x
  %m55_21 = fmul double %m55_20, %x
  %m55_22 = fmul double %m55_21, %x
  %m55_23 = fmul double %m55_22, %x
  %m55_24 = fmul double %m55_23, %x
  %m55_25 = fmul double %m55_24, %x
  %m55_26 = fmul double %m55_25, %x
  %m55_27 = fmul double %m55_26, %x
  %m55_28 = fmul double %m55_27, %x
  %m55_29 = fmul double %m55_28, %x
  %m55_30 = fmul double %m55_29, %x
  %m55_31 = fmul double %m55_30, %x
  %m55_32 = fmul double %m55_31, %x
  %m55_33 = fmul double %m55_32, %x
  %m55_34 = fmul double %m55_33, %x
  %m55_35 = fmul double %m55_34, %x
  %m55_36 = fmul double %m55_35, %x
  %m55_37 = fmul double %m55_36, %x
  %m55_38 = fmul double %m55_37, %x
  %m55_39 = fmul double %m55_38, %x
  %m55_40 = fmul double %m55_39, %x
  %m55_41 = fmul double %m55_40, %x
  %m55_42 = fmul double %m55_41, %x
  %m55_43 = fmul double %m55_42, %x
  %m55_44 = fmul double %m55_43, %x
  %m55_45 = fmul double %m55_44, %x
  %m55_46 = fmul double %m55_45, %x
  %m55_47 = fmul double %m55_46, %x
  %m55_48 = fmul double %m55_47, %x
  %m55_49 = fmul double %m55_48, %x
  %m55_50 = fmul double %m55_49, %x
  %m55_51 = fmul double %m55_50, %x
  %m55_52 = fmul double %m55_51, %x
  %m55_53 = fmul double %m55_52, %x
  %m55_54 = fmul double %m55_53, %x
  %m55_55 = fmul double %m55_54, %x
  store double %m55_55, ptr addrspace(1) %out
  br label %test56
test56:
  %bit56 = and i64 %bits, 72057594037927936
  %on56 = icmp ne i64 %bit56, 0
  br i1 %on56, label %then56, label %test57
then56:
  %m56_0 = fmul double %x, %x
  %m56_1 = fmul double %m56_0, %x
  %m56_2 = fmul double %m56_1, %x
  %m56_3 = fmul double %m56_2, %x
  %m56_4 = fmul double %m56_3, %x
  %m56_5 = fmul double %m56_4, %x
  %m56_6 = fmul double %m56_5, %x
  %m56_7 = fmul double %m56_6, %x
  %m56_8 = fmul double %m56_7, %x
  %m56_9 = fmul double %m56_8, %x
  %m56_10 = fmul double %m56_9, %x
  %m56_11 = fmul double %m56_10, %x
  %m56_12 = fmul double %m56_11, %x
  %m56_13 = fmul double %m56_12, %x
  %m56_14 = fmul double %m56_13, %x
  %m56_15 = fmul double %m56_14, %x
  %m56_16 = fmul double %m56_15, %x
  %m56_17 = fmul double %m56_16, %x
  %m56_18 = fmul double %m56_17, %x
  %m56_19 = fmul double %m56_18, %x
  %m56_20 = fmul double %m56_19, %x
  %m56_21 = fmul double %m56_20, %x
  %m56_22 = fmul double %m56_21, %x
  %m56_23 = fmul double %m56_22, %x
  %m56_24 = fmul double %m56_23, %x
  %m56_25 = fmul double %m56_24, %x
  %m56_26 = fmul double %m56_25, %x
  %m56_27 = fmul double %m56_26, %x
  %m56_28 = fmul double %m56_27, %x
  %m56_29 = fmul double %m56_28, %x
  %m56_30 = fmul double %m56_29, %x
  %m56_31 = fmul double %m56_30, %x
  %m56_32 = fmul double %m56_31, %x
  %m56_33 = fmul double %m56_32, %x
  %m56_34 = fmul double %m56_33, %x
  %m56_35 = fmul double %m56_34, %x
  %m56_36 = fmul double %m56_35, %x
  %m56_37 = fmul double %m56_36, %x
  %m56_38 = fmul double %m56_37, %x
  %m56_39 = fmul double %m56_38, %x
  %m56_40 = fmul double %m56_39, %x
  %m56_41 = fmul double %m56_40, %x
  %m56_42 = fmul double %m56_41, %x
  %m56_43 = fmul double %m56_42, %x
  %m56_44 = fmul double %m56_43, %x
  %m56_45 = fmul double %m56_44, %x
  %m56_46 = fmul double %m56_45, %x
  %m56_47 = fmul double %m56_46, %x
  %m56_48 = fmul double %m56_47, %x
  %m56_49 = fmul double %m56_48, %x
  %m56_50 = fmul double %m56_49, %x
  %m56_51 = fmul double %m56_50, %x
  %m56_52 = fmul double %m56_51, %x
  %m56_53 = fmul double %m56_52, %x
  %m56_54 = fmul double %m56_53, %x
  %m56_55 = fmul double %m56_54, %x
  %m56_56 = fmul double %m56_55, %x
  store double %m56_56, ptr addrspace(1) %out
  br label %test57
test57:
  %bit57 = and i64 %bits, 144115188075855872
  %on57 = icmp ne i64 %bit57, 0
  br i1 %on57, label %then57, label %test58
then57:
  %m57_0 = fmul double %x, %x
  %m57_1 = fmul double %m57_0, %x
  %m57_2 = fmul double %m57_1, %x
  %m57_3 = fmul double %m57_2, %x
  %m57_4 = fmul double %m57_3, %x
  %m57_5 = fmul double %m57_4, %x
  %m57_6 = fmul double %m57_5, %x
  %m57_7 = fmul double %m57_6, %x
  %m57_8 = fmul double %m57_7, %x
  %m57_9 = fmul double %m57_8, %x
  %m57_10 = fmul double %m57_9, %x
  %m57_11 = fmul double %m57_10, %x
  %m57_12 = fmul double %m57_11, %x
  %m57_13 = fmul double %m57_12, %x
  %m57_14 = fmul double %m57_13, %x
  %m57_15 = fmul double %m57_14, %x
  %m57_16 = fmul double %m57_15, %x
  %m57_17 = fmul double %m57_16, %x
  %m57_18 = fmul double %m57_17, %x
  %m57_19 = fmul double %m57_18, %x
  %m57_20 = fmul double %m57_19, %x
  %m57_21 = fmul double %m57_20, %x
  %m57_22 = fmul double %m57_21, %x
  %m57_23 = fmul double %m57_22, %x
  %m57_24 = fmul double %m57_23, %x
  %m57_25 = fmul double %m57_24, %x
  %m57_26 = fmul double %m57_25, %x
  %m57_27 = fmul double %m57_26, %x
  %m57_28 = fmul double %m57_27, %x
  %m57_29 = fmul double %m57_28, %x
  %m57_30 = fmul double %m57_29, %x
  %m57_31 = fmul double %m57_30, %x
  %m57_32 = fmul double %m57_31, %x
  %m57_33 = fmul double %m57_32, %x
  %m57_34 = fmul double %m57_33, %x
  %m57_35 = fmul double %m57_34, %x
  %m57_36 = fmul double %m57_35, %x
  %m57_37 = fmul double %m57_36, %x
  %m57_38 = fmul double %m57_37, %x
  %m57_39 = fmul double %m57_38, %x
  %m57_40 = fmul double %m57_39, %x
  %m57_41 = fmul double %m57_40, %x
  %m57_42 = fmul double %m57_41, %x
  %m57_43 = fmul double %m57_42, %x
  %m57_44 = fmul double %m57_43, %x
  %m57_45 = fmul double %m57_44, %x
  %m57_46 = fmul double %m57_45, %x
  %m57_47 = fmul double %m57_46, %x
  %m57_48 = fmul double %m57_47, %x
  %m57_49 = fmul double %m57_48, %x
  %m57_50 = fmul double %m57_49, %x
  %m57_51 = fmul double %m57_50, %x
  %m57_52 = fmul double %m57_51, %x
  %m57_53 = fmul double %m57_52, %x
  %m57_54 = fmul double %m57_53, %x
  %m57_55 = fmul double %m57_54, %x
  %m57_56 = fmul double %m57_55, %x
  %m57_57 = fmul double %m57_56, %x
  store double %m57_57, ptr addrspace(1) %out
  br label %test58
test58:
  %bit58 = and i64 %bits, 288230376151711744
  %on58 = icmp ne i64 %bit58, 0
  br i1 %on58, label %then58, label %test59
then58:
  %m58_0 = fmul double %x, %x
  %m58_1 = fmul double %m58_0, %x
  %m58_2 = fmul double %m58_1, %x
  %m58_3 = fmul double %m58_2, %x
  %m58_4 = fmul double %m58_3, %x
  %m58_5 = fmul double %m58_4, %x
  %m58_6 = fmul double %m58_5, %x
  %m58_7 = fmul double %m58_6, %x
  %m58_8 = fmul double %m58_7, %x
  %m58_9 = fmul double %m58_8, %x
  %m58_10 = fmul double %m58_9, %x
  %m58_11 = fmul double %m58_10, %x
  %m58_12 = fmul double %m58_11, %x
  %m58_13 = fmul double %m58_12, %x
  %m58_14 = fmul double %m58_13, %x
  %m58_15 = fmul double %m58_14, %x
  %m58_16 = fmul double %m58_15, %x
  %m58_17 = fmul double %m58_16, %x
  %m58_18 = fmul double %m58_17, %x
  %m58_19 = fmul double %m58_18, %x
  %m58_20 = fmul double %m58_19, %x
  %m58_21 = fmul double %m58_20, %x
  %m58_22 = fmul double %m58_21, %x
  %m58_23 = fmul double %m58_22, %x
  %m58_24 = fmul double %m58_23, %x
  %m58_25 = fmul double %m58_24, %x
  %m58_26 = fmul double %m58_25, %x
  %m58_27 = fmul double %m58_26, %x
  %m58_28 = fmul double %m58_27, %x
  %m58_29 = fmul double %m58_28, %x
  %m58_30 = fmul double %m58_29, %x
  %m58_31 = fmul double %m58_30, %x
  %m58_32 = fmul double %m58_31, %x
  %m58_33 = fmul double %m58_32, %x
  %m58_34 = fmul double %m58_33, %x
  %m58_35 = fmul double %m58_34, %x
  %m58_36 = fmul double %m58_35, %x
  %m58_37 = fmul double %m58_36, %x
  %m58_38 = fmul double %m58_37, %x
  %m58_39 = fmul double %m58_38, %x
  %m58_40 = fmul double %m58_39, %x
  %m58_41 = fmul double %m58_40, %x
  %m58_42 = fmul double %m58_41, %x
  %m58_43 = fmul double %m58_42, %x
  %m58_44 = fmul double %m58_43, %x
  %m58_45 = fmul double %m58_44, %x
  %m58_46 = fmul double %m58_45, %x
  %m58_47 = fmul double %m58_46, %x
  %m58_48 = fmul double %m58_47, %x
  %m58_49 = fmul double %m58_48, %x
  %m58_50 = fmul double %m58_49, %x
  %m58_51 = fmul double %m58_50, %x
  %m58_52 = fmul double %m58_51, %x
  %m58_53 = fmul double %m58_52, %x
  %m58_54 = fmul double %m58_53, %x
  %m58_55 = fmul double %m58_54, %x
  %m58_56 = fmul double %m58_55, %x
  %m58_57 = fmul double %m58_56, %x
  %m58_58 = fmul double %m58_57, %x
  store double %m58_58, ptr addrspace(1) %out
  br label %test59
test59:
  %bit59 = and i64 %bits, 576460752303423488
  %on59 = icmp ne i64 %bit59, 0
  br i1 %on59, label %then59, label %test60
then59:
  %m59_0 = fmul double %x, %x
  %m59_1 = fmul double %m59_0, %x
  %m59_2 = fmul double %m59_1, %x
  %m59_3 = fmul double %m59_2, %x
  %m59_4 = fmul double %m59_3, %x
  %m59_5 = fmul double %m59_4, %x
  %m59_6 = fmul double %m59_5, %x
  %m59_7 = fmul double %m59_6, %x
  %m59_8 = fmul double %m59_7, %x
  %m59_9 = fmul double %m59_8, %x
  %m59_10 = fmul double %m59_9, %x
  %m59_11 = fmul double %m59_10, %x
  %m59_12 = fmul double %m59_11, %x
  %m59_13 = fmul double %m59_12, %x
  %m59_14 = fmul double %m59_13, %x
  %m59_15 = fmul double %m59_14, %x
  %m59_16 = fmul double %m59_15, %x
  %m59_17 = fmul double %m59_16, %x
  %m59_18 = fmul double %m59_17, %x
  %m59_19 = fmul double %m59_18, %x
  %m59_20 = fmul double %m59_19, %x
  %m59_21 = fmul double %m59_20, %x
  %m59_22 = fmul double %m59_21, %x
  %m59_23 = fmul double %m59_22, %x
  %m59_24 = fmul double %m59_23, %x
  %m59_25 = fmul double %m59_24, %x
  %m59_26 = fmul double %m59_25, %x
  %m59_27 = fmul double %m59_26, %x
  %m59_28 = fmul double %m59_27, %x
  %m59_29 = fmul double %m59_28, %x
  %m59_30 = fmul double %m59_29, %x
  %m59_31 = fmul double %m59_30, %x
  %m59_32 = fmul double %m59_31, %x
  %m59_33 = fmul double %m59_32, %x
  %m59_34 = fmul double %m59_33, %x
  %m59_35 = fmul double %m59_34, %x
  %m59_36 = fmul double %m59_35, %x
  %m59_37 = fmul double %m59_36, %x
  %m59_38 = fmul double %m59_37, %x
  %m59_39 = fmul double %m59_38, %x
  %m59_40 = fmul double %m59_39, %x
  %m59_41 = fmul double %m59_40, %x
  %m59_42 = fmul double %m59_41, %x
  %m59_43 = fmul double %m59_42, %x
  %m59_44 = fmul double %m59_43, %x
  %m59_45 = fmul double %m59_44, %x
  %m59_46 = fmul double %m59_45, %x
  %m59_47 = fmul double %m59_46, %x
  %m59_48 = fmul double %m59_47, %x
  %m59_49 = fmul double %m59_48, %x
  %m59_50 = fmul double %m59_49, %x
  %m59_51 = fmul double %m59_50, %x
  %m59_52 = fmul double %m59_51, %x
  %m59_53 = fmul double %m59_52, %x
  %m59_54 = fmul double %m59_53, %x
  %m59_55 = fmul double %m59_54, %x
  %m59_56 = fmul double %m59_55, %x
  %m59_57 = fmul double %m59_56, %x
  %m59_58 = fmul double %m59_57, %x
  %m59_59 = fmul double %m59_58, %x
  store double %m59_59, ptr addrspace(1) %out
  br label %test60
test60:
  ret void
}

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }

!nvvm.annotations = !{!0}
!0 = !{ptr @many, !"kernel", i32 1}
