package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.sim.SimBackend;

/** The default backend: the whole lab in-process ({@link SimBackend}); needs no options. */
public final class SimBackendFactory implements BackendFactory {

    @Override
    public String id() {
        return "sim";
    }

    @Override
    public LabBackend open(LabSpec lab, BackendOptions options) {
        return SimBackend.start(lab);
    }
}
