import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { DataExportPaymentsReply, PaymentPatterns } from '../../contracts';
import { PaymentRow, ROW_COLUMNS, toPaymentView } from '../payments/payment-store';

/** The payment service's part of a data export: the caller's own payment attempts, whatever their role. */
@Controller()
export class DataExportController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(subject(PaymentPatterns.dataExport))
  async export(@Payload() request: RpcRequest): Promise<DataExportPaymentsReply> {
    const caller = requirePrincipal(request);
    const rows: PaymentRow[] = await this.dataSource.query(`SELECT ${ROW_COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at, payment_id`, [caller.userId]);
    return { payments: rows.map(toPaymentView) };
  }
}
