// lint: --target=ascend910b
// Two Matmul objects (the MDL template, one tiling: 256 x 128 x 64 base
// blocks, depthA1 = depthB1 = 4) share the library's L1, L0A, L0B and L0C
// (each Init starts them at the same place: kernel_tpipe_base.h
// InitShareBufStart), so together they take 192 KiB of L1 and the whole of
// L0A and L0B once. The kernel then adds a 384 KiB L1 buffer of its own:
// 576 KiB in all, but ascend910b has 511.75 KiB of L1 (twin with 256 KiB:
// matmul_user_l1_good.cpp).
#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"

using namespace AscendC;

constexpr int32_t SHAPE_M = 512, SHAPE_N = 1024, SHAPE_K = 512;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

class MatmulMdlKernel {
public:
  __aicore__ inline MatmulMdlKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    FillTiling();
    aGm.SetGlobalBuffer((__gm__ half *)a, SHAPE_M * SHAPE_K);
    bGm.SetGlobalBuffer((__gm__ half *)b, SHAPE_K * SHAPE_N);
    cGm.SetGlobalBuffer((__gm__ float *)c, SHAPE_M * SHAPE_N);
  }
  __aicore__ inline void Process() {
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    mm.IterateAll(cGm);
    mm.End();
    mm2.SetTensorA(aGm);
    mm2.SetTensorB(bGm);
    mm2.IterateAll(cGm);
    mm2.End();
  }

  Matmul<AType, BType, CType, CType, CFG_MDL> mm;
  Matmul<AType, BType, CType, CType, CFG_MDL> mm2; // a second product with the same tiling
  TCubeTiling tiling;

private:
  __aicore__ inline void FillTiling() {
    tiling.usedCoreNum = 1;
    tiling.M = SHAPE_M;
    tiling.N = SHAPE_N;
    tiling.Ka = SHAPE_K;
    tiling.Kb = SHAPE_K;
    tiling.singleCoreM = SHAPE_M;
    tiling.singleCoreN = SHAPE_N;
    tiling.singleCoreK = SHAPE_K;
    tiling.baseM = 256;
    tiling.baseN = 128;
    tiling.baseK = 64;
    tiling.stepM = 1;
    tiling.stepN = 1;
    tiling.stepKa = 2;
    tiling.stepKb = 2;
    tiling.depthA1 = 4; // stepM * stepKa, double-buffered
    tiling.depthB1 = 4;
    tiling.isBias = 0;
    tiling.iterateOrder = 0;
    tiling.dbL0A = 2;
    tiling.dbL0B = 2;
    tiling.dbL0C = 1;
    tiling.transLength = 0;
    tiling.shareMode = 0;
    tiling.shareL1Size = 0;
    tiling.shareL0CSize = 0;
    tiling.shareUbSize = 0;
  }

  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
};

extern "C" __global__ __aicore__ void matmul_mdl(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  TPipe pipe;
  MatmulMdlKernel op;
  op.Init(a, b, c);
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &op.tiling, op.mm2, &op.tiling);
  // A staging buffer of the kernel's own in L1, after the library's.
  TBuf<TPosition::A1> stage;
  pipe.InitBuffer(stage, 384 * 1024); // expect: capacity-overflow
  op.Process();
}
