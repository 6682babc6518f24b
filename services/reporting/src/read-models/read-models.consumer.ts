import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumer } from '@afya/service-shared';
import { READ_MODEL_HANDLERS, REPORTING_CONSUMER } from './apply';

/**
 * One durable JetStream consumer over every domain event (its filter is the whole stream, since the types have
 * several roots) applying the types of rules/read-model.rules.ts a batch at a time (apply.ts); other types are acknowledged and skipped.
 */
@Injectable()
export class ReadModelsConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consumeBatches(REPORTING_CONSUMER, READ_MODEL_HANDLERS);
  }
}
