// Parse test for the bundled AscendC API (api/include): the Matmul high-level
// API — MatmulType operands (both AscendC:: and matmul:: spellings), a custom
// MDL config, REGIST_MATMUL_OBJ, Init/SetTensorA/B/SetBias/IterateAll and the
// Iterate/GetTensorC loop, a vector epilogue on the results. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm)
{
    uint32_t* dst = reinterpret_cast<uint32_t*>(tiling);
    __gm__ uint32_t* src = reinterpret_cast<__gm__ uint32_t*>(tilingGm);
    for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); ++i) {
        dst[i] = src[i];
    }
}

constexpr MatmulConfig MM_CFG_PRELOAD = GetMDLConfig(false, false, 2);

template <typename AT, typename BT, typename CT, typename BiasT>
class MatmulReluKernel {
public:
    using AType = MatmulType<TPosition::GM, CubeFormat::ND, AT>;
    using BType = matmul::MatmulType<TPosition::GM, CubeFormat::ND, BT, true>;
    using CType = MatmulType<TPosition::VECIN, CubeFormat::ND, CT>;
    using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, BiasT>;

    __aicore__ inline MatmulReluKernel() {}

    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling& tiling)
    {
        tiling_ = tiling;
        aGm_.SetGlobalBuffer((__gm__ AT*)a, tiling.M * tiling.Ka);
        bGm_.SetGlobalBuffer((__gm__ BT*)b, tiling.Kb * tiling.N);
        biasGm_.SetGlobalBuffer((__gm__ BiasT*)bias, tiling.N);
        cGm_.SetGlobalBuffer((__gm__ CT*)c, tiling.M * tiling.N);
        GetTPipePtr()->InitBuffer(reluQueue_, 1, tiling.baseM * tiling.baseN * sizeof(CT));
    }

    __aicore__ inline void Process(TPipe* pipe)
    {
        (void)pipe;
        matmulObj.SetTensorA(aGm_);
        matmulObj.SetTensorB(bGm_, true);
        matmulObj.SetBias(biasGm_);
        uint32_t round = 0;
        while (matmulObj.template Iterate<true>()) {
            LocalTensor<CT> cLocal = reluQueue_.AllocTensor<CT>();
            matmulObj.template GetTensorC<true>(cLocal, false, true);
            Relu(cLocal, cLocal, tiling_.baseM * tiling_.baseN);
            reluQueue_.EnQue(cLocal);
            cLocal = reluQueue_.DeQue<CT>();
            DataCopy(cGm_[round * tiling_.baseM * tiling_.baseN], cLocal,
                     static_cast<uint32_t>(tiling_.baseM * tiling_.baseN));
            reluQueue_.FreeTensor(cLocal);
            ++round;
        }
        matmulObj.End();
    }

    Matmul<AType, BType, CType, BiasType, MM_CFG_PRELOAD> matmulObj;

private:
    TQue<TPosition::VECIN, 1> reluQueue_;
    GlobalTensor<AT> aGm_;
    GlobalTensor<BT> bGm_;
    GlobalTensor<BiasT> biasGm_;
    GlobalTensor<CT> cGm_;
    TCubeTiling tiling_;
};

extern "C" __global__ __aicore__ void matmul_relu(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                  GM_ADDR tilingGm)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    SetSysWorkspace(workspace);
    if (GetSysWorkSpacePtr() == nullptr) {
        return;
    }
    TPipe pipe;
    TCubeTiling tiling;
    CopyTiling(&tiling, tilingGm);
    MatmulReluKernel<half, half, float, float> op;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.matmulObj, &tiling);
    op.Init(a, b, bias, c, tiling);
    op.Process(&pipe);
}

// The whole-matrix form with the default (Norm) config.
extern "C" __global__ __aicore__ void matmul_all(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tilingGm)
{
    using A = matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>;
    using C = matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>;
    TPipe pipe;
    TCubeTiling tiling;
    CopyTiling(&tiling, tilingGm);
    GlobalTensor<half> aGm;
    GlobalTensor<half> bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer((__gm__ half*)a);
    bGm.SetGlobalBuffer((__gm__ half*)b);
    cGm.SetGlobalBuffer((__gm__ float*)c);
    matmul::Matmul<A, A, C> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    mm.Init(&tiling, &pipe);
    mm.SetOrgShape(tiling.M, tiling.N, tiling.Ka);
    mm.SetTail(tiling.singleCoreM, tiling.singleCoreN, tiling.singleCoreK);
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    mm.ClearBias();
    mm.IterateAll(cGm);
    mm.End();
}
