import { Module } from '@nestjs/common';
import { ImagesController } from './images.controller';
import { UploadedImages } from './uploaded-images';

@Module({ controllers: [ImagesController], providers: [UploadedImages] })
export class ImagesModule {}
