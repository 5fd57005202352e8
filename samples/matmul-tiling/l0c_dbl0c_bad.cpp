// lint: --target=ascend910b
// A cube-only matmul (C = A * B, 512 x 1024 x 512, half in, float out) on one
// core with the MDL template, its TCubeTiling written by the kernel. With
// dbL0C = 2 the library double-buffers the 256 x 128 float accumulator in
// L0C: 2 x 128 KiB, but ascend910b has 128 KiB of L0C (TCubeTiling结构体.md
// table 2: baseM * baseN * sizeof(float) * dbL0C must not exceed L0C). The
// same tiling with dbL0C = 1 fits (l0c_dbl0c_good.cpp).
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
  }

  Matmul<AType, BType, CType, CType, CFG_MDL> mm;
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
    tiling.dbL0C = 2;
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
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &op.tiling); // expect: matmul-tiling, capacity-overflow
  op.Process();
}
