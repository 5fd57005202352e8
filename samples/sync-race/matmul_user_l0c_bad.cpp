// lint: --target=ascend910b
// A cube-only matmul (C = A * B, 64 x 256 x 256, half in, float out) that
// keeps the result in its own L0C: each Iterate(false, l0c[...]) writes one
// baseM x baseN block into the CO1 tensor the kernel allocated (Iterate.md,
// "用户自主管理CO1"), and one Fixpipe moves the whole row of blocks to GM.
// The library does not order its Mmad before the kernel's Fixpipe (its CO1
// buffer for a C in CO1 does nothing on EnQue / DeQue), and this kernel
// takes the tensor from a TBuf with no flag: Fixpipe (FIX) may read L0C
// before the Mmad (M) has written it. The fix, matmul_user_l0c_good.cpp: a
// CO1 queue's EnQue / DeQue between them.
#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"

using namespace AscendC;

constexpr int32_t SHAPE_M = 64, SHAPE_N = 256, SHAPE_K = 256;
constexpr int32_t BASE_M = 64, BASE_N = 128;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::CO1, CubeFormat::NZ, float>;

class MatmulL0cKernel {
public:
  __aicore__ inline MatmulL0cKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, TPipe *pipe) {
    FillTiling();
    aGm.SetGlobalBuffer((__gm__ half *)a, SHAPE_M * SHAPE_K);
    bGm.SetGlobalBuffer((__gm__ half *)b, SHAPE_K * SHAPE_N);
    cGm.SetGlobalBuffer((__gm__ float *)c, SHAPE_M * SHAPE_N);
    pipe->InitBuffer(co1Buf, SHAPE_M * SHAPE_N * sizeof(float));
  }
  __aicore__ inline void Process() {
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    LocalTensor<float> l0c = co1Buf.Get<float>();
    for (int32_t j = 0; j < SHAPE_N / BASE_N; j++)
      mm.Iterate(false, l0c[j * BASE_M * BASE_N]);
    FixpipeParamsV220 fix(SHAPE_N, SHAPE_M, SHAPE_M, SHAPE_N, false);
    Fixpipe(cGm, l0c, fix); // expect: sync-race
    mm.End();
  }

  Matmul<AType, BType, CType> mm;
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
    tiling.baseM = BASE_M;
    tiling.baseN = BASE_N;
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
  TBuf<TPosition::CO1> co1Buf;
};

extern "C" __global__ __aicore__ void matmul_l0c(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  TPipe pipe;
  MatmulL0cKernel op;
  op.Init(a, b, c, &pipe);
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &op.tiling);
  op.Process();
}
