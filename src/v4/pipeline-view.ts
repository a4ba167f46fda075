/**
 * What every V4 front shows of the pipeline model behind it: spec `v4`, and the
 * model's own provider and id. The kinds add their calls, which forward to `model`.
 */
export abstract class PipelineView<MODEL extends { readonly provider: string; readonly modelId: string }> {
  readonly specificationVersion = 'v4';
  protected readonly model: MODEL;

  constructor(model: MODEL) {
    this.model = model;
  }

  get provider(): string {
    return this.model.provider;
  }

  get modelId(): string {
    return this.model.modelId;
  }
}
