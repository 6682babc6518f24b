import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AuthPatterns, ChangePasswordPayload, PicturePayload, UpdateProfilePayload, UploadPicturePayload } from '../../contracts';
import { ProfileService } from './profile.service';

@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @MessagePattern(subject(AuthPatterns.getProfile))
  get(@Payload() request: RpcRequest) {
    return this.profile.get(requirePrincipal(request));
  }

  @MessagePattern(subject(AuthPatterns.updateProfile))
  update(@Payload() request: RpcRequest<UpdateProfilePayload>) {
    return this.profile.update(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.changePassword))
  changePassword(@Payload() request: RpcRequest<ChangePasswordPayload>) {
    return this.profile.changePassword(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.uploadPicture))
  uploadPicture(@Payload() request: RpcRequest<UploadPicturePayload>) {
    return this.profile.uploadPicture(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.getPicture))
  getPicture(@Payload() request: RpcRequest<PicturePayload>) {
    return this.profile.getPicture(request.payload.id);
  }
}
