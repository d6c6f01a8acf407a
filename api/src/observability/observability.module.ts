import { Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';

@Module({ controllers: [MetricsController], providers: [ApiMetrics], exports: [ApiMetrics] })
export class ObservabilityModule {}
