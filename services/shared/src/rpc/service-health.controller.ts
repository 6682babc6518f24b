import { Controller, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ServiceHealth {
  service: string;
  status: 'up' | 'down';
  database: 'up' | 'down';
}

/** A service's health over the bus (the gateway's /api/health asks every service): it answers and its database does. */
export function createServiceHealthController(service: string, pattern: string): Type<unknown> {
  @Controller()
  class ServiceHealthController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @MessagePattern(pattern)
    async health(): Promise<ServiceHealth> {
      const database = await this.dataSource
        .query('SELECT 1')
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      return { service, status: database === 'up' ? 'up' : 'down', database };
    }
  }
  return ServiceHealthController;
}
