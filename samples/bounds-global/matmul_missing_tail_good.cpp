// lint: --target=ascend910b
// The fixed twin of matmul_missing_tail_bad.cpp: the last of the cores that
// split M = 1000 in blocks of 128 tells the Matmul object its 104 rows with
// SetTail, so IterateAll stays inside A and C.
#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"

using namespace AscendC;

constexpr int32_t SHAPE_M = 1000, SHAPE_N = 256, SHAPE_K = 512;
constexpr int32_t SINGLE_M = 128;
constexpr int32_t M_BLOCKS = (SHAPE_M + SINGLE_M - 1) / SINGLE_M;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

class MatmulSplitMKernel {
public:
  __aicore__ inline MatmulSplitMKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    FillTiling();
    aGm.SetGlobalBuffer((__gm__ half *)a, SHAPE_M * SHAPE_K);
    bGm.SetGlobalBuffer((__gm__ half *)b, SHAPE_K * SHAPE_N);
    cGm.SetGlobalBuffer((__gm__ float *)c, SHAPE_M * SHAPE_N);
  }
  __aicore__ inline void Process(int32_t block) {
    mm.SetTensorA(aGm[block * SINGLE_M * SHAPE_K]);
    mm.SetTensorB(bGm);
    int32_t rows = SHAPE_M - block * SINGLE_M;
    if (rows < SINGLE_M) {
      mm.SetTail(rows); // the last core's 104 rows
    }
    mm.IterateAll(cGm[block * SINGLE_M * SHAPE_N]);
    mm.End();
  }

  Matmul<AType, BType, CType> mm;
  TCubeTiling tiling;

private:
  __aicore__ inline void FillTiling() {
    tiling.usedCoreNum = M_BLOCKS;
    tiling.M = SHAPE_M;
    tiling.N = SHAPE_N;
    tiling.Ka = SHAPE_K;
    tiling.Kb = SHAPE_K;
    tiling.singleCoreM = SINGLE_M;
    tiling.singleCoreN = SHAPE_N;
    tiling.singleCoreK = SHAPE_K;
    tiling.baseM = 128;
    tiling.baseN = 128;
    tiling.baseK = 64;
    tiling.stepM = 1;
    tiling.stepN = 1;
    tiling.stepKa = 4;
    tiling.stepKb = 4;
    tiling.depthA1 = 4;
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

extern "C" __global__ __aicore__ void matmul_split_m(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  int32_t block = GetBlockIdx();
  if (block >= M_BLOCKS) {
    return;
  }
  TPipe pipe;
  MatmulSplitMKernel op;
  op.Init(a, b, c);
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &op.tiling);
  op.Process(block);
}
