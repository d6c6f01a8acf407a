import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Tool, ToolSchema } from './tool.schema';
import { ToolsController } from './tools.controller';
import { StockReservations } from './stock-reservations';
import { ToolsService } from './tools.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Tool.name, schema: ToolSchema }])],
  controllers: [ToolsController],
  providers: [ToolsService, StockReservations],
  exports: [ToolsService, StockReservations],
})
export class ToolsModule {}
